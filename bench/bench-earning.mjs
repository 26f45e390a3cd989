// npm run bench:earning — measures, in one run on this machine, against the production build on
// PostgreSQL: ad-quiz answers from many users, clicks on one hot ad by many users, and pgbench
// running the same SQL at the same concurrency. Prints a table with the ratios and writes JSON.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

class Client {
  cookies = new Map();
  constructor(base) {
    this.base = base;
  }
  async raw(url, init = {}) {
    const headers = new Headers(init.headers);
    if (url.startsWith(this.base) && this.cookies.size) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return response;
  }
  async follow(url, init) {
    let response = await this.raw(url, init);
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location'), url).toString();
      await response.arrayBuffer();
      response = await this.raw(url);
    }
    return { response, url };
  }
  async json(method, p, body) {
    const response = await this.raw(this.base + p, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
}

async function signUp(base, email) {
  const client = new Client(base);
  const start = await client.json('POST', '/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/',
  });
  const login = await client.follow(start.body.url);
  await login.response.text();
  const action = new URL(login.url).pathname;
  const done = await client.follow(`${base}${action}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: 'bench' }).toString(),
  });
  await done.response.arrayBuffer();
  await client.json('POST', '/api/signup', {
    birthYear: 1990,
    birthMonth: 1,
    birthDay: 1,
    agreeToTerms: true,
  });
  return client;
}

async function inParallel(items, concurrency, task) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++];
        const t0 = performance.now();
        const ok = await task(item);
        latencies.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { requests: items.length, failures, perSecond: items.length / seconds, p50: at(0.5), p99: at(0.99) };
}

function pgbench(url, script, seconds = 5) {
  const file = path.join(os.tmpdir(), `qp-bench-${randomBytes(4).toString('hex')}.sql`);
  fs.writeFileSync(file, script);
  const result = spawnSync(
    'pgbench',
    ['-n', '-c', String(CONCURRENCY), '-j', '2', '-T', String(seconds), '-f', file, url],
    { encoding: 'utf8' },
  );
  fs.rmSync(file);
  const tps = /tps = ([0-9.]+)/.exec(result.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  return Number(tps);
}

const dbName = `qp_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    SEED: 'never',
    TEST_AD_WAIT_SECONDS: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let peakRssMb = 0;
const memoryProbe = setInterval(() => {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakRssMb = Math.max(peakRssMb, kb / 1024);
  } catch {}
}, 100);

try {
  for (let i = 0; i < 300; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => undefined))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const { rows } = await db.query(
    `insert into ads (ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price,
       max_deliveries, status, is_active)
     values ('bench', 'https://example.com', 'hot ad', 'q', '["a","b","c"]', 10, 30, 1000000, 'approved', true)
     returning id`,
  );
  const hotAd = rows[0].id;
  await db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 2)', [hotAd]);

  console.log(`Creating ${USERS} users through the sign-in flow…`);
  const emails = Array.from({ length: USERS }, (_, i) => `bench-${i}@example.com`);
  const clients = [];
  await inParallel(emails, 16, async (email) => {
    clients.push(await signUp(base, email));
    return true;
  });

  const clicks = await inParallel(
    clients,
    CONCURRENCY,
    async (c) => (await c.json('POST', `/api/ads/${hotAd}/click`)).status === 200,
  );
  const answers = await inParallel(
    clients,
    CONCURRENCY,
    async (c) => (await c.json('POST', `/api/ads/${hotAd}/answer`, { option: 2 })).status === 200,
  );

  // The same SQL straight to PostgreSQL, at the same concurrency.
  await db.query('create table bench_users as select row_number() over () as n, id from users');
  const clickSql = `update ads set delivery_count = delivery_count + 1, is_active = delivery_count + 1 < max_deliveries
    where id = '${hotAd}' and status = 'approved' and is_active and delivery_count < max_deliveries;\n`;
  const answerSql = `\\set n random(1, ${USERS})
begin;
select id from users where id = (select id from bench_users where n = :n) for update;
insert into point_transactions (user_id, points, memo, reason, ref)
  select id, 10, 'bench', 'bench', md5(random()::text) from bench_users where n = :n;
update users set points = points + 10 where id = (select id from bench_users where n = :n);
commit;
`;
  const pgClick = pgbench(dbUrl, clickSql);
  const pgAnswer = pgbench(dbUrl, answerSql);
  await db.end();

  const table = [
    { name: 'answer (many users)', ...answers, baseline: pgAnswer },
    { name: 'click (one hot ad)', ...clicks, baseline: pgClick },
  ].map((row) => ({ ...row, ratio: row.perSecond / row.baseline }));
  console.log(`\nconcurrency ${CONCURRENCY}, ${USERS} users, server peak RSS ${peakRssMb.toFixed(0)} MB`);
  console.log('endpoint              req/s   p50 ms  p99 ms  failures  pgbench tps  ratio');
  for (const row of table) {
    console.log(
      `${row.name.padEnd(20)} ${row.perSecond.toFixed(0).padStart(6)} ${row.p50.toFixed(1).padStart(8)} ${row.p99
        .toFixed(1)
        .padStart(
          7,
        )} ${String(row.failures).padStart(9)} ${row.baseline.toFixed(0).padStart(12)} ${row.ratio.toFixed(2).padStart(6)}`,
    );
  }
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/earning.json'),
    `${JSON.stringify({ date: new Date().toISOString(), users: USERS, concurrency: CONCURRENCY, peakRssMb, table }, null, 2)}\n`,
  );
} finally {
  clearInterval(memoryProbe);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
