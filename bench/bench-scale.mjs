// npm run bench:scale — the scale bench (issue 27, docs/performance.md "Scale bench"), on PostgreSQL
// at 127.0.0.1 only, not part of `npm test`:
//   1. builds a database of a real point site's size (bench/scale/build-database.mjs: the app's
//      migrations, then set-based, reproducible SQL through the real schema, its rules checked at the
//      end), or reuses the one a previous run built when its recorded size, builder and migrations
//      match and it was built this Japan-time month (--rebuild builds it again);
//   2. runs every scheduled job once through the app (`node apps/server/dist/run-job.js <name>`) and
//      times it; the monthly billing's invoices are undone at the end, so the database stays reusable;
//   3. starts the production build on it and times every read path of every audience (every GET
//      endpoint of packages/shared/src/<area>/endpoints.ts, bench/scale/paths.mjs) and the member's single writes,
//      each by fresh members: 20 sequential requests after 3 warm-ups (fewer, at least 5, when a path
//      is slower than the --budget seconds allow), p50 / p95 / max, status codes, response size;
//   4. writes bench/results/scale.json (or --out): the size, the load average at each section's start
//      and end, the versions, each path's figures against issue 27's targets and its "before" figure.
// Options: --quick (a small database, about a minute or two; its own database and a temporary output
// unless --database / --out say otherwise), --scale N (N times the events), --rebuild, --reuse (the
// database as it is, even if the builder or the migrations changed since),
// --database NAME, --out FILE, --budget SECONDS (per path, default 120), --build-only.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-command.mjs';
import { freePort, POSTGRES_ADMIN_URL, waitUntilOk } from '../scripts/test-support.mjs';
import { ADMIN_EMAIL, buildDatabase, checkInvariants, databaseSize } from './scale/build-database.mjs';
import { BEFORE, declaredGetEndpoints, readPaths, TARGETS, targetOf, UNTIMED } from './scale/paths.mjs';
import { SIZES, sizeOf, stableId, stableUuid } from './scale/plan.mjs';
import { loadAverage, requireLocalPostgres, sessionCookieSigner } from './support.mjs';

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    rebuild: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    database: { type: 'string' },
    out: { type: 'string' },
    budget: { type: 'string', default: '120' },
    'build-only': { type: 'boolean', default: false },
  },
});
const root = new URL('..', import.meta.url).pathname;
const size = sizeOf(options.quick ? 'quick' : 'full', Number(options.scale));
const databaseName = options.database ?? (options.quick ? 'qp_scale_quick' : 'qp_scale');
const outFile = path.resolve(
  options.out ??
    (options.quick
      ? path.join(os.tmpdir(), 'qp-scale-quick.json')
      : path.join(root, 'bench/results/scale.json')),
);
const BUDGET_SECONDS = Number(options.budget);
const SAMPLES = 20;
const WARMUPS = 3;
/** The longest a timed job may run before the bench stops it (and says so); first runs after a build finish. */
const JOB_TIMEOUT_SECONDS = Number(process.env.SCALE_JOB_TIMEOUT_SECONDS ?? 600);
const secret = 'bench-scale-secret-0123456789abcdef0123456789';

if (!/^[a-z_][a-z0-9_]*$/.test(databaseName))
  throw new Error(`--database: ${databaseName} is not a plain name`);
requireLocalPostgres('the scale bench');
const databaseUrl = (() => {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

const log = (line) => console.log(line);
const seconds = (from) => Number(((performance.now() - from) / 1000).toFixed(1));

/** What a build depends on: a change to any of it means the recorded database is not this one. */
function buildFingerprint() {
  const hash = createHash('sha256').update(JSON.stringify(size));
  // The builder's code and the profile lists it writes, without their spacing, so that reformatting
  // them does not ask for a rebuild.
  for (const file of [
    'bench/scale/plan.mjs',
    'bench/scale/build-database.mjs',
    'packages/shared/src/core/profile-options.ts',
  ]) {
    hash.update(fs.readFileSync(path.join(root, file), 'utf8').replace(/\s+/g, ''));
  }
  const migrations = path.join(root, 'apps/server/migrations');
  for (const file of fs.readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The record a build leaves on its database (COMMENT ON DATABASE), or null; undefined: no database. */
async function recordedBuild() {
  return withClient(POSTGRES_ADMIN_URL, async (client) => {
    const { rows } = await client.query(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [databaseName],
    );
    if (rows.length === 0) return undefined;
    try {
      const record = JSON.parse(rows[0].comment ?? 'null');
      return record?.qpScaleBench ? record : null;
    } catch {
      return null;
    }
  });
}

const japanMonth = (date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(
    date,
  );
/** Runs `node apps/server/dist/<script>` against the database; answers its exit code and output. */
function runNode(script, args, { timeoutSeconds } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist', script), ...args], {
      env: { ...process.env, ...serverEnv(), PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    let timedOut = false;
    const timer = timeoutSeconds
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, timeoutSeconds * 1000)
      : undefined;
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim(), timedOut });
    });
  });
}

/** The environment the production build runs with here (as bench/bench.mjs runs it). */
function serverEnv() {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED: 'never',
    AUTH_SECRET: secret,
    ADMIN_EMAIL,
  };
}

/** Times one scheduled job run by run-job.js (stopped after `timeoutSeconds`, if given). */
async function timeJob(name, { timeoutSeconds } = {}) {
  const loadAtStart = loadAverage();
  const started = performance.now();
  const run = await runNode('run-job.js', [name], { timeoutSeconds });
  const result = {
    seconds: seconds(started),
    ok: run.code === 0,
    ...(run.timedOut ? { stoppedAfterSeconds: timeoutSeconds } : {}),
    loadAverage: { start: loadAtStart, end: loadAverage() },
  };
  if (!run.ok && !run.timedOut && run.code !== 0) result.error = run.output.slice(-2000);
  log(
    `  ${name}: ${run.timedOut ? `stopped after ${timeoutSeconds} s` : `${result.seconds} s`}${result.ok ? '' : ' (failed)'}`,
  );
  if (!result.ok && !run.timedOut) log(run.output.slice(-2000));
  return result;
}

/** The scheduled jobs' names, from the app itself. */
async function jobNames() {
  const run = await runNode('run-job.js', ['--list']);
  if (run.code !== 0) throw new Error(`run-job.js --list failed:\n${run.output}`);
  return run.output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[a-z0-9-]+$/.test(line));
}

/**
 * Undoes what the bench left in the database: the monthly billing's invoices of the month it bills
 * (with the stand-in's charges and anything else naming those invoices or that period; the billing
 * writes no delivery, decision 034), the writers' rows and the bench ad, and the bench's sessions. Safe to run twice.
 */
async function undoBenchChanges(client) {
  const [{ period }] = (
    await client.query(
      `select to_char((now() at time zone 'Asia/Tokyo') - interval '1 month', 'YYYYMM') as period`,
    )
  ).rows;
  const { rows: invoiceRows } = await client.query(`select id from invoices where period = $1`, [period]);
  const invoiceIds = invoiceRows.map((row) => row.id);
  if (invoiceIds.length > 0) {
    await client.query(`delete from dev_payment_charges where idempotency_key = any($1::text[])`, [
      invoiceIds,
    ]);
    await deleteReferencing(client, 'invoices', invoiceIds, ['ad_deliveries']);
    const { rows: periodTables } = await client.query(`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'period' and table_name <> 'invoices'`);
    for (const { table_name } of periodTables) {
      await client.query(`delete from ${table_name} where period = $1`, [period]);
    }
    // ad_deliveries.invoice_id names only invoices from before migration 0023 (and has no foreign key
    // since 0020); the checks of any other key naming invoices are skipped for this one statement.
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(`delete from invoices where id = any($1::uuid[])`, [invoiceIds]);
    await client.query('commit');
    await client.query(`delete from dev_outbox where sent_at > now() - interval '1 day'`);
  }
  const { rows: writers } = await client.query(`select id from users where id like 'bench-writer-%'`);
  const writerIds = writers.map((row) => row.id);
  const benchAds = [benchAdId];
  await deleteReferencing(client, 'ads', benchAds);
  await client.query(`delete from ads where id = any($1::uuid[])`, [benchAds]);
  if (writerIds.length > 0) {
    await deleteReferencing(client, 'users', writerIds);
    await client.query(`delete from rate_limits where key like '%bench-writer-%'`);
    // Nothing names them any more; the foreign keys' checks of each deleted user would scan
    // ad_deliveries (no index leads with user_id: the product never deletes a member), so skipped here.
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(`delete from users where id = any($1::text[])`, [writerIds]);
    await client.query('commit');
  }
  await client.query(`delete from auth_sessions where id like 'bench-scale-%'`);
  await client.query(`delete from rate_limits where key like '%' || $1 || '%'`, [
    stableId('qp-advertiser-0'),
  ]);
  // Dead row versions of the run (invoices, charges, the writers' rows) are cleared now, so the next
  // run starts settled. This machine's PostgreSQL runs with autovacuum off; when the billing still
  // rewrote every claimed delivery (before decision 034), three runs in a row left 20.6M dead versions
  // in ad_deliveries and slowed the numbers page from 80 ms to 1.5 s and the ads list from 70 to 800 ms.
  if (invoiceIds.length > 0) await client.query('vacuum (analyze)');
  return { period, invoicesUndone: invoiceIds.length, writersRemoved: writerIds.length };
}

/**
 * Deletes the rows of every table whose foreign key names one of `ids` of `table`, children of those
 * first (each foreign key found in the catalogue, so tables other work adds are included).
 */
async function deleteReferencing(client, table, ids, except = []) {
  const { rows: keys } = await client.query(
    `select c.conrelid::regclass::text as child, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
     from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = $1::regclass and array_length(c.conkey, 1) = 1`,
    [table],
  );
  for (const { child, column, type } of keys) {
    if (except.includes(child) || child === table) continue;
    const { rows: grandchildren } = await client.query(
      `select 1 from pg_constraint where contype = 'f' and confrelid = $1::regclass limit 1`,
      [child],
    );
    if (grandchildren.length > 0) {
      const { rows: childKeys } = await client.query(
        `select a.attname as key from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
         where i.indrelid = $1::regclass and i.indisprimary and i.indnatts = 1`,
        [child],
      );
      if (childKeys[0]) {
        const { rows: childIds } = await client.query(
          `select ${childKeys[0].key}::text as id from ${child} where ${column} = any($1::${type}[])`,
          [ids.map(String)],
        );
        if (childIds.length > 0)
          await deleteReferencing(
            client,
            child,
            childIds.map((row) => row.id),
          );
      }
    }
    await client.query(`delete from ${child} where ${column} = any($1::${type}[])`, [ids.map(String)]);
  }
}

/** The bench's own ad, which the writers click and answer (deleted again at the end). */
const benchAdId = stableUuid('qp-bench-scale-writer-ad');
const WRITE_PATHS = ['click', 'answer', 'gacha', 'daily quiz answer'];
const WRITERS_PER_PATH = SAMPLES + WARMUPS;

const results = {
  measuredAt: new Date().toISOString(),
  ...(options.quick
    ? { quick: '--quick: a check that the bench runs end to end; its figures mean nothing' }
    : {}),
  size: { name: size.name, scale: size.scale, planned: SIZES[size.name] },
  database: databaseName,
  cores: os.cpus().length,
  node: process.version,
  loadAverage: { start: loadAverage() },
  targets: { ...TARGETS, monthlyBillingSeconds: 60, pruneSeconds: 10 },
};
const sections = {};
async function section(name, work) {
  const loadAtStart = loadAverage();
  const started = performance.now();
  log(`\n${name}…`);
  const value = await work();
  sections[name] = { seconds: seconds(started), loadAverage: { start: loadAtStart, end: loadAverage() } };
  return value;
}

// 1. The database: reused when it is the one this build would make, else built.
const fingerprint = buildFingerprint();
let record = await recordedBuild();
const reasonToBuild = (() => {
  if (record === null) return null;
  if (record === undefined) return 'no database yet';
  if (options.rebuild) return '--rebuild';
  if (record.building) return 'the last build did not finish';
  if (options.reuse) return undefined;
  if (record.fingerprint !== fingerprint) return 'its size, builder or migrations changed';
  if (japanMonth(new Date(record.facts.builtAt)) !== japanMonth(new Date()))
    return 'it was built in another month';
  if (Date.now() - Date.parse(record.facts.builtAt) > 7 * 86_400_000) return 'it is over a week old';
  return undefined;
})();
if (reasonToBuild === null) {
  throw new Error(
    `${databaseName} exists but was not built by the scale bench: not touching it (choose --database)`,
  );
}
if (reasonToBuild) {
  record = await section('build', async () => {
    log(
      `Building ${databaseName} (${size.name}${size.scale !== 1 ? ` ×${size.scale}` : ''}): ${reasonToBuild}`,
    );
    const started = performance.now();
    const steps = [];
    const step = async (name, work) => {
      const loadAtStart = loadAverage();
      const stepStarted = performance.now();
      log(`  ${name}…`);
      const value = await work();
      steps.push({
        name,
        seconds: seconds(stepStarted),
        loadAverage: { start: loadAtStart, end: loadAverage() },
      });
      log(`    ${seconds(stepStarted)} s`);
      return value;
    };
    await step('create the database and apply the migrations (migrate.js)', async () => {
      await withClient(POSTGRES_ADMIN_URL, async (client) => {
        await client.query(`drop database if exists ${databaseName} with (force)`);
        await client.query(`create database ${databaseName}`);
        // Marked as the bench's at once, so a build that stops half-way is rebuilt, never refused.
        await client.query(`comment on database ${databaseName} is '{"qpScaleBench": 1, "building": true}'`);
      });
      const run = await runNode('migrate.js', []);
      if (run.code !== 0) throw new Error(`migrate.js failed:\n${run.output}`);
    });
    const facts = await withClient(databaseUrl, (client) => buildDatabase({ client, size, step }));
    const buildSeconds = seconds(started);
    // The scheduled jobs' first run on the new data (rollups write every closed day: a backfill).
    // The monthly billing is left to the timing, which undoes it.
    log('  each scheduled job once (their first run: backfills)…');
    const firstRuns = {};
    for (const name of await jobNames()) {
      if (name === 'monthly-billing') continue;
      firstRuns[name] = await timeJob(name);
      if (!firstRuns[name].ok) throw new Error(`the job ${name} failed on the new database`);
    }
    const built = {
      qpScaleBench: 1,
      fingerprint,
      size,
      facts,
      buildSeconds,
      steps,
      firstJobRuns: firstRuns,
    };
    await withClient(POSTGRES_ADMIN_URL, (client) =>
      client.query(`comment on database ${databaseName} is '${JSON.stringify(built).replaceAll("'", "''")}'`),
    );
    log(
      `Built in ${buildSeconds} s (and ${Object.values(firstRuns)
        .reduce((sum, run) => sum + run.seconds, 0)
        .toFixed(1)} s of first job runs).`,
    );
    return built;
  });
  results.build = {
    builtThisRun: true,
    seconds: record.buildSeconds,
    steps: record.steps,
    firstJobRuns: record.firstJobRuns,
  };
} else {
  log(
    `Reusing ${databaseName}, built ${record.facts.builtAt} in ${record.buildSeconds} s (--rebuild builds it again).`,
  );
  results.build = {
    builtThisRun: false,
    builtAt: record.facts.builtAt,
    seconds: record.buildSeconds,
    steps: record.steps,
    firstJobRuns: record.firstJobRuns,
  };
}
const facts = record.facts;
results.build.builtAt = facts.builtAt;

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
results.postgres = (await db.query('select version()')).rows[0].version;
// Whatever an interrupted run left (billing of last month, writers, sessions) goes first.
results.leftoversUndone = await undoBenchChanges(db);

if (options['build-only']) {
  results.size = { ...results.size, ...(await databaseSize(db)) };
  await db.end();
  finish();
  process.exit(0);
}

/**
 * What the timed billing run did. A run stopped at the time limit is undone and projected from its
 * pace; last month's invoices are then held by `no_charge` placeholders while the server runs (undone
 * with the rest at the end), so the server's own start-up run of the job finds nothing to bill and
 * does not bill under the timing.
 */
async function billingOutcome(job) {
  const period = `to_char((now() at time zone 'Asia/Tokyo') - interval '1 month', 'YYYYMM')`;
  const [billed] = (
    await db.query(`select count(*)::int as invoices, coalesce(sum(deliveries), 0)::int as deliveries, ${period} as period
                    from invoices where period = ${period}`)
  ).rows;
  const outcome = { invoices: billed.invoices, deliveriesBilled: billed.deliveries, period: billed.period };
  if (!job.stoppedAfterSeconds) {
    if (billed.invoices === 0)
      outcome.note = 'no invoices: the job bills from the 5th of the month (Japan time)';
    // Checked against the raw rows before the undo: each invoice's stretch holds what it counted, and
    // no ad is left with deliveries before the month's end after its latest invoice.
    const [check] = (
      await db.query(`
        select (select count(*) from invoices i
                cross join lateral (select count(*) as n, coalesce(sum(d.unit_price), 0) as s from ad_deliveries d
                                    where d.ad_id = i.ad_id and d.delivered_at >= i.billed_from
                                      and d.delivered_at < i.billed_until) r
                where i.period = ${period}
                  and (i.stretch_deliveries, i.stretch_subtotal) is distinct from (r.n, r.s))::int as disagreeing,
               (select count(*) from ads a
                where not a.is_house_ad and exists (
                  select 1 from ad_deliveries d
                  where d.ad_id = a.id and d.delivered_at < (date_trunc('month', now() at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo')
                    and d.delivered_at >= coalesce((select max(i.billed_until) from invoices i where i.ad_id = a.id), '-infinity')
                    and d.invoice_id is null))::int as left_unbilled`)
    ).rows;
    outcome.invoicesDisagreeingWithRawRows = check.disagreeing;
    outcome.adsLeftUnbilled = check.left_unbilled;
    return outcome;
  }
  await undoBenchChanges(db);
  const monthStart = `(date_trunc('month', now() at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo')`;
  const { rowCount } = await db.query(`
    insert into invoices (ad_id, advertiser_id, period, deliveries, subtotal, tax, total, status)
    select a.id, a.advertiser_id, ${period}, 0, 0, 0, 0, 'no_charge'
    from ads a where not a.is_house_ad and a.advertiser_id is not null and exists (
      select 1 from ad_deliveries d
      where d.ad_id = a.id and d.delivered_at < ${monthStart} and d.invoice_id is null
        and d.delivered_at >= coalesce((select max(i.billed_until) from invoices i where i.ad_id = a.id), '-infinity'))`);
  const perSecond = billed.invoices / job.seconds;
  outcome.billableAds = rowCount;
  outcome.projectedSeconds = perSecond > 0 ? Math.round(rowCount / perSecond) : null;
  outcome.note = `stopped after ${job.stoppedAfterSeconds} s with ${billed.invoices} of ${rowCount} invoices written (undone)${
    outcome.projectedSeconds
      ? `; at that pace the month takes about ${Math.round(outcome.projectedSeconds / 60)} minutes`
      : ''
  }`;
  return outcome;
}

// 2. Every scheduled job once, timed.
results.jobs = await section('jobs', async () => {
  const jobs = {};
  for (const name of await jobNames()) {
    jobs[name] = await timeJob(name, { timeoutSeconds: JOB_TIMEOUT_SECONDS });
    if (name === 'monthly-billing') Object.assign(jobs[name], await billingOutcome(jobs[name]));
  }
  return jobs;
});

// 3. The production build on the database.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let serverOutput = '';
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, SERVER_ENTRY)], {
  env: { ...process.env, ...serverEnv(), PORT: String(port), PUBLIC_URL: base },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => {
  serverOutput = (serverOutput + chunk).slice(-20_000);
});
server.stderr.on('data', (chunk) => {
  serverOutput = (serverOutput + chunk).slice(-20_000);
});
const cookieOf = sessionCookieSigner(secret);

try {
  await section('server start', async () => {
    await waitUntilOk(`${base}/readyz`, { child: server, output: () => serverOutput, timeoutMs: 600_000 });
    // The server sends each job once at start-up (services/jobs/start-jobs.ts): wait until they are done,
    // so no job runs under the timing.
    const started = performance.now();
    for (;;) {
      const [{ waiting }] = (
        await db.query(`
          select count(*)::int as waiting from pgboss.job
          where state in ('created', 'retry', 'active') and start_after <= now() and name not like '\\_\\_pgboss%'`)
      ).rows;
      if (waiting === 0 || performance.now() - started > JOB_TIMEOUT_SECONDS * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    results.serverStartJobsSeconds = seconds(started);
  });

  // Sessions straight into the database, as better-auth keeps them (bench/bench.mjs does the same).
  const token = (who) => `bench-scale-${who}-${randomBytes(12).toString('hex')}`;
  const sessions = {
    member: token('member'),
    advertiser: token('advertiser'),
    admin: token('admin'),
  };
  for (const [who, value] of Object.entries(sessions)) {
    const userId = { member: facts.memberId, advertiser: facts.bigAdvertiserId, admin: facts.adminId }[who];
    await db.query(
      `insert into auth_sessions (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '30 days')`,
      [`bench-scale-${who}`, value, userId],
    );
  }
  const cookies = Object.fromEntries(Object.entries(sessions).map(([who, value]) => [who, cookieOf(value)]));

  /** One request; answers its time in ms, status (or 'error' when it got no answer) and body size. */
  const request = async ({ method = 'GET', url, body, cookie }) => {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      return { ms: performance.now() - started, status: response.status, bytes };
    } catch {
      return { ms: performance.now() - started, status: 'error', bytes: 0 };
    }
  };
  const json = async (url, cookie) => {
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  /**
   * Times one path: warm-ups, then the samples (each `cookieFor(i)`). A path slower than the budget
   * allows is cut short, and says so: one warm-up when the first took over a quarter of the budget,
   * and the samples stop once the budget is spent and at least three are in.
   */
  const timePath = async (pathSpec, cookieFor) => {
    const loadAtStart = loadAverage();
    const started = performance.now();
    const statuses = {};
    const times = [];
    let bytes = 0;
    const count = (result) => {
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      bytes = result.bytes;
    };
    const spent = () => (performance.now() - started) / 1000;
    for (let i = 0; i < WARMUPS; i++) {
      count(await request({ ...pathSpec, cookie: cookieFor(i) }));
      if (spent() > BUDGET_SECONDS / 4) break;
    }
    for (let i = 0; i < SAMPLES; i++) {
      const result = await request({ ...pathSpec, cookie: cookieFor(WARMUPS + i) });
      count(result);
      times.push(result.ms);
      if (times.length >= 3 && spent() > BUDGET_SECONDS) break;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const at = (share) =>
      Number(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)].toFixed(1));
    const ok = Object.keys(statuses).every((status) => /^2\d\d$/.test(status));
    const target = targetOf(pathSpec.group);
    const before = BEFORE[pathSpec.group];
    const figure = {
      audience: pathSpec.audience,
      name: pathSpec.name,
      request: `${pathSpec.method ?? 'GET'} ${pathSpec.url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|[0-9a-f]{32}/g, ':id')}`,
      endpoint: pathSpec.endpoint,
      samples: times.length,
      ...(times.length < SAMPLES
        ? { cutShort: `stopped after ${times.length} samples: over the ${BUDGET_SECONDS} s budget` }
        : {}),
      p50: at(0.5),
      p95: at(0.95),
      max: Number(sorted[sorted.length - 1].toFixed(1)),
      statuses,
      ok,
      bytes,
      targetP95: target,
      met: ok && at(0.95) <= target,
      ...(before ? { before: before.text } : {}),
      loadAverage: { start: loadAtStart, end: loadAverage() },
    };
    log(
      `  ${figure.audience} · ${figure.name}: p50 ${figure.p50} ms, p95 ${figure.p95} ms${ok ? '' : ` (statuses ${JSON.stringify(statuses)})`}`,
    );
    return figure;
  };

  // What the paths need to know: cursors of second pages, an invoice, the ads' first days, today.
  const [dates] = (
    await db.query(`select to_char(now() at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as today,
      to_char((now() at time zone 'Asia/Tokyo') - interval '1 month', 'YYYY-MM') as "lastMonth"`)
  ).rows;
  const beganOn = async (adId) =>
    (
      await db.query(
        `select to_char(least(a.created_at, (select min(delivered_at) from ad_deliveries where ad_id = a.id))
                at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day from ads a where a.id = $1`,
        [adId],
      )
    ).rows[0].day;
  const pathFacts = {
    ...facts,
    ...dates,
    bigAdBegan: await beganOn(facts.bigAdId),
    typicalAdBegan: await beganOn(facts.typicalAdId),
    bigAdvertiserAds: (
      await db.query(`select count(*)::int as n from ads where advertiser_id = $1`, [facts.bigAdvertiserId])
    ).rows[0].n,
    invoiceId: (
      await db.query(
        `select id from invoices where advertiser_id = $1 and total >= 50 order by period desc, created_at desc limit 1`,
        [facts.bigAdvertiserId],
      )
    ).rows[0]?.id,
    memberQuizAdId:
      (
        await db.query(
          `select ad_id from quiz_responses where user_id = $1 and ad_id is not null order by clicked_at desc limit 1`,
          [facts.memberId],
        )
      ).rows[0]?.ad_id ?? facts.bigAdId,
    adListCursor: (await json('/api/ads', cookies.member)).nextCursor,
    answeredCursor: (await json('/api/ads/answered', cookies.member)).nextCursor,
    historyCursor: (await json('/api/points/history', cookies.member)).nextCursor,
    partialEmail: 'tanaka',
    advertiserSearch: 'aoba',
  };
  const paths = readPaths(pathFacts);
  await db.query(`delete from rate_limits where key like 'reach-estimate:%'`);
  results.paths = [];
  for (const audience of ['member', 'advertiser', 'operator']) {
    const figures = await section(audience, async () => {
      const list = [];
      for (const spec of paths.filter((candidate) => candidate.audience === audience)) {
        list.push(await timePath(spec, () => cookies[audience === 'operator' ? 'admin' : audience]));
      }
      return list;
    });
    results.paths.push(...figures);
  }

  // Single writes, each by a fresh member so each takes the success path: click and (after moving the
  // click back past the wait) answer the bench's own ad, gacha, today's daily quiz.
  const writes = await section('writes', async () => {
    const writers = WRITE_PATHS.filter((name) => name !== 'answer').length * WRITERS_PER_PATH;
    await db.query(
      `insert into users (id, name, email, email_verified, email_hash, birth_date, gender, prefecture, occupation,
         annual_income, marital_status, has_children, zip_code, phone_hash, phone_verified_at, signup_completed_at)
       select 'bench-writer-' || n, 'ベンチ 書き手', 'bench-writer-' || n || '@bench.invalid', true,
              encode(sha256(convert_to('bench-writer-' || n || '@bench.invalid', 'UTF8')), 'hex'), '1990-04-01', 'female',
              '東京都', '会社員', '300万円〜', 'single', false, '1000001', md5('bench-writer-phone-' || n), now() - interval '1 day',
              now() - interval '1 day'
       from generate_series(0, $1 - 1) n`,
      [writers],
    );
    await db.query(
      `insert into auth_sessions (id, token, user_id, expires_at)
       select 'bench-scale-writer-' || n, 'bench-scale-writer-token-' || n, 'bench-writer-' || n, now() + interval '30 days'
       from generate_series(0, $1 - 1) n`,
      [writers],
    );
    await db.query(
      `insert into ads (id, advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward,
         base_fee, unit_price, max_deliveries, status, is_active)
       values ($1, $2, 'ベンチ', 'https://bench.example/scale', 'ベンチの広告', 'ベンチの質問は？', '["はい","いいえ","どちらでもない"]',
         10, 20, 30, 100000, 'approved', true)`,
      [benchAdId, facts.smallAdvertiserId],
    );
    await db.query(`insert into quiz_answers (ad_id, correct_option_index, uid) values ($1, 2, $2)`, [
      benchAdId,
      facts.smallAdvertiserId,
    ]);
    const writer = (group) => (i) => cookieOf(`bench-scale-writer-token-${group * WRITERS_PER_PATH + i}`);
    const list = [];
    const write = (name, endpoint, url, body, group) =>
      timePath(
        { audience: 'member', group: 'write', name, method: 'POST', url, body, endpoint },
        writer(group),
      );
    list.push(
      await write(
        'click (fresh member)',
        'POST /api/ads/:adId/click',
        `/api/ads/${benchAdId}/click`,
        undefined,
        0,
      ),
    );
    await db.query(
      `update quiz_responses set clicked_at = clicked_at - interval '2 minutes' where ad_id = $1`,
      [benchAdId],
    );
    list.push(
      await write(
        'answer after the wait (fresh member)',
        'POST /api/ads/:adId/answer',
        `/api/ads/${benchAdId}/answer`,
        { option: 2 },
        0,
      ),
    );
    list.push(await write('gacha (fresh member)', 'POST /api/gacha/claim', '/api/gacha/claim', undefined, 1));
    list.push(
      await write(
        'daily quiz answer (fresh member)',
        'POST /api/daily-quiz/answer',
        '/api/daily-quiz/answer',
        { option: 1 },
        2,
      ),
    );
    return list;
  });
  results.paths.push(...writes);

  // Every declared GET endpoint must have been timed (or be a development stand-in).
  const timed = new Set(results.paths.map((figure) => figure.endpoint));
  const declared = await declaredGetEndpoints();
  results.coverage = {
    declaredGetEndpoints: declared.length,
    untimed: UNTIMED,
    missing: declared.filter((endpoint) => !timed.has(endpoint) && !UNTIMED[endpoint]),
  };
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

// 4. The database back as it was built, its rules checked, and the figures written.
await section('undo and check', async () => {
  results.undone = await undoBenchChanges(db);
  results.invariants = await checkInvariants(db);
});
results.size = { ...results.size, ...(await databaseSize(db)) };
await db.end();
finish();

function finish() {
  results.sections = sections;
  results.loadAverage.end = loadAverage();
  const billing = results.jobs?.['monthly-billing'];
  const prune = results.jobs?.['prune-expired-rows'];
  results.jobTargets = results.jobs
    ? [
        {
          target: 'monthly invoices for every billable ad of the month ≤ 60 s',
          measured: billing?.stoppedAfterSeconds
            ? `> ${billing.stoppedAfterSeconds} s (stopped)`
            : billing?.seconds,
          met: Boolean(
            billing?.ok &&
              billing.seconds <= 60 &&
              !billing.stoppedAfterSeconds &&
              billing.invoicesDisagreeingWithRawRows === 0 &&
              billing.adsLeftUnbilled === 0,
          ),
          figures: billing
            ? `${billing.invoices} invoices, ${billing.deliveriesBilled} deliveries billed (period ${billing.period}); ${billing.invoicesDisagreeingWithRawRows ?? '?'} disagreeing with the raw rows, ${billing.adsLeftUnbilled ?? '?'} ads left unbilled`
            : '',
          before: BEFORE.monthlyBilling.text,
        },
        {
          target: 'the prune job ≤ 10 s',
          measured: prune?.seconds,
          met: Boolean(prune?.ok && prune.seconds <= 10),
        },
      ]
    : [];
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  if (results.paths) {
    console.log('');
    console.table(
      results.paths.map((figure) => ({
        audience: figure.audience,
        path: figure.name,
        'p50 ms': figure.p50,
        'p95 ms': figure.p95,
        'target p95': figure.targetP95,
        met: figure.met,
        before: figure.before ?? '',
        status: Object.keys(figure.statuses).join(','),
        bytes: figure.bytes,
      })),
    );
    console.table(
      Object.entries(results.jobs).map(([name, job]) => ({
        job: name,
        seconds: job.stoppedAfterSeconds ? `> ${job.stoppedAfterSeconds} (stopped)` : job.seconds,
        ok: job.ok,
        note: job.note ?? (job.invoices !== undefined ? `${job.invoices} invoices` : ''),
      })),
    );
    const failed = results.paths.filter((figure) => !figure.ok);
    if (failed.length > 0)
      console.warn(`Paths that did not answer 2xx: ${failed.map((figure) => figure.name).join(', ')}`);
    if (results.coverage?.missing.length)
      console.warn(`GET endpoints not timed: ${results.coverage.missing.join(', ')}`);
  }
  console.log(`Written to ${path.relative(process.cwd(), outFile) || outFile}`);
}
