// docs/deploy.md, followed on this machine as far as it can be without Docker: the image's files laid
// out as the Dockerfile copies them, its `npm ci` (production dependencies only), the database and
// roles from deploy/postgres-roles.sql, the migrations as the owner, the server started with the
// Dockerfile's CMD in production as the DML-only role, its HEALTHCHECK, and the deployment files
// (systemd units, proxy configurations, compose.yaml) checked against what the guide says.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../../scripts/server-command.mjs';
import { freePort, POSTGRES_ADMIN_URL, waitUntilOk } from '../../../../scripts/test-support.mjs';
import { repoRoot } from '../paths.ts';
import { scratchDir } from './support/cluster.ts';

const run = promisify(execFile);
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The Dockerfile's runtime stage: what it copies from the build stage, its npm ci, HEALTHCHECK and CMD. */
function readDockerfile() {
  // Continuation lines joined, comments dropped.
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'));
  const runtime = lines.slice(lines.findLastIndex((line) => line.startsWith('FROM ')));
  const npmCiLine = runtime.findIndex((line) => line.startsWith('RUN npm ci '));
  // In order: a copy after the npm ci lands in what it installed (npm ci empties node_modules first).
  const copies = runtime
    .map((line, index) => ({ line, afterInstall: index > npmCiLine }))
    .filter(({ line }) => line.startsWith('COPY --from=build '))
    .map(({ line, afterInstall }) => {
      const parts = line.replace('COPY --from=build ', '').trim().split(/\s+/);
      return { sources: parts.slice(0, -1), target: parts.at(-1)!, afterInstall };
    });
  const npmCi = runtime[npmCiLine]?.replace(/^RUN /, '');
  const jsonAfter = (prefix: string) => {
    const line = runtime.find((l) => l.startsWith(prefix));
    return line ? (JSON.parse(line.slice(line.indexOf('['))) as string[]) : undefined;
  };
  const workdir = runtime.find((line) => line.startsWith('WORKDIR '))?.split(/\s+/)[1];
  return {
    runtime,
    copies,
    npmCi,
    cmd: jsonAfter('CMD '),
    healthcheck: jsonAfter('HEALTHCHECK '),
    workdir,
    user: runtime.find((line) => line.startsWith('USER '))?.split(/\s+/)[1],
  };
}

/** KEY=VALUE lines, as systemd's EnvironmentFile and Docker's env_file read them (no quoting). */
function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of read(file).split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}

/** `<…>` without an @: a value the operator must fill in. */
const placeholder = /<[^>@]*>/;

function urlFor(user: string, password: string, database: string) {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs a command; resolves with its exit code and output instead of throwing. */
async function attempt(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  try {
    const { stdout, stderr } = await run(file, args, { ...options, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** The SQLSTATE a statement fails with as `client`'s role, or 'ok'. */
async function sqlState(client: pg.Client, statement: string) {
  try {
    await client.query(statement);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('the production guide (docs/deploy.md) on this machine', () => {
  const dockerfile = readDockerfile();
  const suffix = randomBytes(4).toString('hex');
  const names = { database: `qp_deploy_${suffix}`, owner: `qp_owner_${suffix}`, app: `qp_app_${suffix}` };
  const passwords = { owner: randomBytes(12).toString('hex'), app: randomBytes(12).toString('hex') };
  const ownerUrl = urlFor(names.owner, passwords.owner, names.database);
  const appUrl = urlFor(names.app, passwords.app, names.database);
  let image = '';
  let discovery: http.Server;
  let discoveryHits = 0;
  let discoveryUrl = '';
  let rolesCreated = false;
  let restoredDatabase = '';

  /** deploy/postgres-roles.sql with psql, as the guide runs it (test-only names and passwords). */
  const runRolesSql = (database: string) =>
    attempt(
      'psql',
      [
        POSTGRES_ADMIN_URL,
        '-q',
        ...['-v', `database=${database}`, '-v', `owner=${names.owner}`, '-v', `app=${names.app}`],
        ...['-v', `owner_password=${passwords.owner}`, '-v', `app_password=${passwords.app}`],
        '-f',
        path.join(repoRoot, 'deploy/postgres-roles.sql'),
      ],
      {},
    );

  beforeAll(async () => {
    // What the image holds: every COPY --from=build of the runtime stage, to the same place, and
    // its own npm ci (the production dependencies only; the npm cache is warm here), in their order.
    image = scratchDir('image');
    expect(dockerfile.workdir).toBe('/app');
    const copy = (afterInstall: boolean) => {
      for (const { sources, target } of dockerfile.copies.filter((c) => c.afterInstall === afterInstall)) {
        for (const source of sources) {
          const from = path.join(repoRoot, path.relative('/app', source));
          const to =
            target.endsWith('/') || sources.length > 1
              ? path.join(image, target, path.basename(from))
              : path.join(image, target);
          fs.cpSync(from, to, {
            recursive: true,
            // The reliability suites' private copy of the build is not part of it.
            filter: (file) => !path.basename(file).startsWith('main-reliability.'),
          });
        }
      }
    };
    copy(false);
    expect(dockerfile.npmCi).toMatch(/--omit=dev/);
    // The image empties npm's cache after its install; here that cache is this machine's, shared
    // with other installs running beside the test (an emptying under them fails both): left alone.
    const install = dockerfile.npmCi!.replace(/\s*&&\s*npm cache clean --force\s*$/, '');
    expect(install).not.toMatch(/cache clean/);
    await run('sh', ['-c', install], { cwd: image, timeout: 150_000 });
    copy(true);

    // The database and its roles, as the guide has them created.
    rolesCreated = true;
    const roles = await runRolesSql(names.database);
    expect(roles.stderr).toBe('');
    expect(roles.code).toBe(0);

    // Google's discovery document, served locally: start-up fetches it (the servers need egress).
    discovery = http.createServer((_request, response) => {
      discoveryHits++;
      const base = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}`;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/userinfo`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    });
    await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
    discoveryUrl = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}/.well-known/openid-configuration`;
  }, 240_000);

  afterAll(async () => {
    discovery?.close();
    if (rolesCreated) {
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${names.database} with (force)`);
        if (restoredDatabase) await admin.query(`drop database if exists ${restoredDatabase} with (force)`);
        await admin.query(`drop role if exists ${names.owner}`);
        await admin.query(`drop role if exists ${names.app}`);
      } finally {
        await admin.end();
      }
    }
    if (image) fs.rmSync(image, { recursive: true, force: true });
  });

  /** deploy/production.env.example with every <…> filled in: fresh secrets, local stand-in hosts. */
  function guideEnvironment(port: number): Record<string, string> {
    const env = {
      ...readEnvFile('deploy/production.env.example'),
      PORT: String(port),
      DATABASE_URL: appUrl,
      AUTH_SECRET: randomBytes(48).toString('base64'),
      ADMIN_EMAIL: 'admin@quiz-points.example',
      GOOGLE_CLIENT_ID: '1234567890-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'GOCSPX-test-secret',
      GOOGLE_DISCOVERY_URL: discoveryUrl,
      // Nothing answers on port 9: start-up must not need mail, SMS or Stripe to answer.
      SMTP_URL: 'smtp://mailer:secret@127.0.0.1:9',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+815000000000',
      STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_a_real_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_not_a_real_key',
      INVOICE_REGISTRATION_NUMBER: 'T1234567890123',
      INVOICE_ISSUER_NAME: '株式会社クイズポイント',
      GIFT_CODE_KEY: randomBytes(32).toString('base64'),
      // The image bucket is read and written only when an image is asked for or uploaded.
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'quiz-points-images',
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    };
    const unfilled = Object.entries(env).filter(([, value]) => placeholder.test(value));
    expect(unfilled, 'a <…> value of the guide the test does not fill in').toEqual([]);
    return env;
  }

  const baseEnv = { PATH: process.env.PATH ?? '', HOME: os.tmpdir() };
  /** The image's migration command (compose.yaml's `migrate`, the systemd migrate unit). */
  const migrate = (databaseUrl: string) =>
    attempt(process.execPath, ['apps/server/dist/migrate.js'], {
      cwd: image,
      env: { ...baseEnv, DATABASE_URL: databaseUrl },
    });

  /** The Dockerfile's CMD in the image's folder, with the guide's environment; resolves when ready. */
  async function startImage(databaseUrl: string, extraEnv: Record<string, string> = {}) {
    const port = await freePort();
    const [command, ...args] = dockerfile.cmd!;
    expect(command).toBe('node');
    let log = '';
    const child: ChildProcess = spawn(process.execPath, args, {
      cwd: image,
      env: { ...baseEnv, ...guideEnvironment(port), DATABASE_URL: databaseUrl, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<number | string>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    );
    const base = `http://127.0.0.1:${port}`;
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    };
    try {
      await waitUntilOk(`${base}/readyz`, { child, output: () => log, timeoutMs: 60_000 });
    } catch (error) {
      await stop();
      throw error;
    }
    return { port, base, log: () => log, stop };
  }

  /** The image's HEALTHCHECK, as Docker runs it inside the container. */
  function healthcheck(port: number) {
    const [command, ...args] = dockerfile.healthcheck!;
    expect(command).toBe('node');
    return attempt(process.execPath, args, { cwd: image, env: { ...baseEnv, PORT: String(port) } });
  }

  /** What `url`'s role may and may not do. */
  async function expectDmlOnly(url: string) {
    const app = new pg.Client({ connectionString: url });
    await app.connect();
    try {
      expect(await sqlState(app, 'select count(*) from users')).toBe('ok');
      expect(await sqlState(app, 'select count(*) from pgboss.job')).toBe('ok');
      expect(await sqlState(app, 'create table intruder (id int)')).toBe('42501');
      expect(await sqlState(app, 'create schema intruder')).toBe('42501');
      expect(await sqlState(app, 'drop table users')).toBe('42501');
      expect(await sqlState(app, 'alter table users add column intruder int')).toBe('42501');
      expect(await sqlState(app, 'truncate point_transactions')).toBe('42501');
      expect(await sqlState(app, 'drop table pgboss.job')).toBe('42501');
      expect(await sqlState(app, 'create role intruder')).toBe('42501');
      expect(await sqlState(app, 'create database intruder')).toBe('42501');
    } finally {
      await app.end();
    }
  }

  it('starts the image’s files in production as the DML-only role, after the owner ran the migrations', async () => {
    // The app role may not apply migrations: migrate.js says to use the owner instead.
    const asApp = await migrate(appUrl);
    expect(asApp.code).toBe(1);
    expect(asApp.stderr).toMatch(/may not apply them.*migrate\.js.*owner/s);

    const migrated = await migrate(ownerUrl);
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout).toContain('The database is up to date.');
    expect(migrated.code).toBe(0);

    const server = await startImage(appUrl);
    try {
      expect(await (await fetch(`${server.base}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`${server.base}/readyz`)).json()).toEqual({ status: 'ready' });
      const index = await fetch(`${server.base}/`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toMatch(/text\/html/);
      expect(await index.text()).toMatch(/<html lang="ja"/);
      // Production: the development pages and stand-ins are not there.
      expect((await fetch(`${server.base}/dev/mail`)).status).toBe(404);
      expect(discoveryHits).toBeGreaterThan(0);
      expect((await healthcheck(server.port)).code).toBe(0);

      // Start-up's jobs ran as the app role: pg-boss needs no DDL once migrate.js installed it.
      for (let waited = 0; waited < 30_000 && !server.log().includes('expired rows pruned'); waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(server.log()).toMatch(/expired rows pruned/);
      expect(server.log()).not.toMatch(/"level":(50|60)/);

      await expectDmlOnly(appUrl);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect((await healthcheck(server.port)).code).toBe(1);

    // A second migrate.js (an upgrade with nothing new, or two at once) changes nothing.
    const again = await Promise.all([migrate(ownerUrl), migrate(ownerUrl)]);
    expect(again.map((result) => result.code)).toEqual([0, 0]);
  });

  it('sends its traces to an OTLP collector with what the image installed, the last ones as it stops', async () => {
    // A local OTLP/HTTP receiver: the spans of every POST to /v1/traces (JSON, the exporter's default).
    const spans: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }[] =
      [];
    const collector = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/v1/traces') {
          const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: typeof spans }[] }[] };
          spans.push(...parsed.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((scope) => scope.spans)));
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const server = await startImage(appUrl, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
      try {
        // /readyz asks PostgreSQL (`select 1`).
        expect(await (await fetch(`${server.base}/readyz`)).json()).toEqual({ status: 'ready' });
      } finally {
        // Sooner than the batch's 5 seconds: the shutdown sends what is queued.
        expect(await server.stop()).toBe(0);
      }
      expect(server.log()).not.toMatch(/"level":(50|60)/);
      const ready = spans.filter((span) => span.name === 'GET /readyz' && span.kind === 2);
      expect(ready.length).toBeGreaterThanOrEqual(1);
      // Each with its one query as a CLIENT child (the waits for readiness and the test's own request).
      for (const request of ready) {
        const queries = spans.filter((span) => span.parentSpanId === request.spanId);
        expect(queries.map((span) => [span.kind, span.traceId, span.name.split(' ')[0]])).toEqual([
          [3, request.traceId, 'SELECT'],
        ]);
      }
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
  });

  it('decodes and writes images with what the image installed (sharp and its native library)', async () => {
    const script = `const { default: sharp } = await import('sharp');
      const webp = await sharp({ create: { width: 64, height: 32, channels: 3, background: 'red' } }).webp().toBuffer();
      console.log((await sharp(webp).metadata()).format);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.join(image, 'apps/server'),
    });
    expect(stdout.trim()).toBe('webp');
  });

  it('backs up as the app role and restores as the owner into a second database of the same roles', async () => {
    const file = path.join(scratchDir('deploy-backup'), 'quiz-points.dump');
    const script = (name: string) => path.join(repoRoot, 'scripts', `${name}.mjs`);
    const backup = await attempt(process.execPath, [script('backup'), file], {
      cwd: scratchDir('cwd'),
      env: { ...baseEnv, DATABASE_URL: appUrl },
    });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);

    const restoredName = `${names.database}_restored`;
    restoredDatabase = restoredName;
    const roles = await runRolesSql(restoredName);
    expect(roles.stderr).toBe('');
    expect(roles.code).toBe(0);
    const restore = await attempt(process.execPath, [script('restore'), file], {
      cwd: scratchDir('cwd'),
      env: { ...baseEnv, DATABASE_URL: urlFor(names.owner, passwords.owner, restoredName) },
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect((await migrate(urlFor(names.owner, passwords.owner, restoredName))).code).toBe(0);

    const restoredAppUrl = urlFor(names.app, passwords.app, restoredName);
    const server = await startImage(restoredAppUrl);
    try {
      expect(await (await fetch(`${server.base}/readyz`)).json()).toEqual({ status: 'ready' });
      await expectDmlOnly(restoredAppUrl);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('npm run check:config accepts the guide’s environment and refuses it without a secret', async () => {
    const full = guideEnvironment(3000);
    const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir() };
    const accepted = await attempt('npm', ['run', '--silent', 'check:config'], {
      cwd: repoRoot,
      env: { ...base, ...full },
    });
    expect(accepted.stdout).toContain('設定に問題はありません');
    expect(accepted.stdout).toContain('mode:        production');
    expect(accepted.code).toBe(0);

    const { AUTH_SECRET: _missing, ...withoutSecret } = full;
    const refused = await attempt('npm', ['run', '--silent', 'check:config'], {
      cwd: repoRoot,
      env: { ...base, ...withoutSecret },
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('設定に問題があります');
    expect(refused.stderr).toContain('AUTH_SECRET must be set in production');
  });

  it('the image runs unprivileged, and compose.yaml and the systemd units run the same commands', async () => {
    expect(dockerfile.user).toBe('node');
    expect(dockerfile.runtime.some((line) => line.startsWith('ENV NODE_ENV=production'))).toBe(true);
    // As npm start and the benches run it (scripts/server-command.mjs).
    expect(dockerfile.cmd).toEqual(['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY]);
    expect(JSON.parse(read('package.json')).scripts.start).toBe(
      `npm run build && node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' ')}`,
    );

    const compose = read('compose.yaml');
    expect(compose).toContain("command: ['node', 'apps/server/dist/migrate.js']");
    expect(compose).toContain('condition: service_completed_successfully');
    // compose.yaml's own ${…} variables.
    const composeVariable = (name: string) => `\${${name}}`;
    expect(compose).toContain(
      `postgres://quiz_points_owner:${composeVariable('OWNER_PASSWORD')}@db:5432/quiz_points`,
    );
    expect(compose).toContain(
      `postgres://quiz_points_app:${composeVariable('APP_PASSWORD')}@db:5432/quiz_points`,
    );
    expect(compose).toContain('./deploy/postgres-roles.sql:/quiz-points/postgres-roles.sql:ro');
    expect(read('deploy/postgres-init.sh')).toContain('-f /quiz-points/postgres-roles.sql');
    expect((await attempt('sh', ['-n', path.join(repoRoot, 'deploy/postgres-init.sh')], {})).code).toBe(0);
    const roles = read('deploy/postgres-roles.sql');
    for (const name of ['quiz_points', 'quiz_points_owner', 'quiz_points_app']) {
      expect(roles).toContain(`\\set ${name.replace(/^quiz_points_?/, '') || 'database'} ${name}`);
    }

    const service = read('deploy/quiz-points.service');
    expect(service).toContain(`ExecStart=/usr/bin/node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' ')}`);
    expect(service).toContain('Requires=quiz-points-migrate.service');
    expect(read('deploy/quiz-points-migrate.service')).toContain(
      'ExecStart=/usr/bin/node apps/server/dist/migrate.js',
    );
    const analyze = await attempt('sh', ['-c', 'command -v systemd-analyze'], {});
    if (analyze.code === 0 && fs.existsSync('/usr/bin/node')) {
      const units = scratchDir('units');
      for (const unit of ['quiz-points.service', 'quiz-points-migrate.service']) {
        fs.copyFileSync(path.join(repoRoot, 'deploy', unit), path.join(units, unit));
      }
      const verify = await attempt(
        'systemd-analyze',
        ['verify', 'quiz-points.service', 'quiz-points-migrate.service'],
        {
          cwd: units,
          env: { PATH: process.env.PATH ?? '' },
        },
      );
      // Unknown keys and bad values are only warnings: none may appear.
      expect(verify.stderr).toBe('');
      expect(verify.code).toBe(0);
    }
  });

  it('the proxy configurations forward the client address the way TRUST_PROXY=loopback expects', async () => {
    expect(readEnvFile('deploy/production.env.example').TRUST_PROXY).toBe('loopback');
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toContain('server 127.0.0.1:3000;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(nginx).toContain('return 301 https://$host$request_uri;');
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toContain('reverse_proxy 127.0.0.1:3000');
    expect(caddy).toContain('respond /metrics 404');

    // Where the binaries are installed (not in CI), the configurations are parsed for real.
    if ((await attempt('sh', ['-c', 'command -v nginx'], {})).code === 0) {
      const dir = scratchDir('nginx');
      await run('openssl', [
        ...[
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=quiz-points.example',
        ],
        ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      ]);
      const site = nginx
        .replace(/\/etc\/letsencrypt\/live\/quiz-points\.example\/fullchain\.pem/, path.join(dir, 'cert.pem'))
        .replace(/\/etc\/letsencrypt\/live\/quiz-points\.example\/privkey\.pem/, path.join(dir, 'key.pem'));
      fs.writeFileSync(path.join(dir, 'site.conf'), site);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
      );
      const tested = await attempt('nginx', ['-t', '-c', path.join(dir, 'nginx.conf'), '-p', dir], {});
      expect(tested.stderr).toContain('test is successful');
    }
    if ((await attempt('sh', ['-c', 'command -v caddy'], {})).code === 0) {
      const home = scratchDir('caddy');
      const validated = await attempt(
        'caddy',
        ['validate', '--adapter', 'caddyfile', '--config', path.join(repoRoot, 'deploy/Caddyfile')],
        { env: { PATH: process.env.PATH ?? '', HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home } },
      );
      expect(validated.stdout + validated.stderr).toContain('Valid configuration');
      expect(validated.code).toBe(0);
    }
  });

  it('lists every Stripe event the app acts on', () => {
    const handled = [
      ...read('apps/server/src/services/payments/stripe-webhook.ts').matchAll(/case '([a-z_.]+)':/g),
    ].map((match) => match[1]!);
    expect(handled.length).toBeGreaterThan(0);
    const guide = read('docs/deploy.md');
    for (const event of handled) expect(guide, `docs/deploy.md names ${event}`).toContain(`| \`${event}\` |`);
  });
});
