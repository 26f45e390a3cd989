// npm run bench — issue 9's server benchmark, in one run on this machine, against the production
// build on a fresh PostgreSQL database:
//   1. an HTTP baseline: a plain node:http hello-world under the same load tool and connections;
//   2. the endpoints: signed-in ad list (a user with many ads), clicks on one hot ad by many users,
//      answers, gacha and gift requests by many users, point history — req/s, p50/p99, and the
//      server's peak memory;
//   3. an SQL baseline: pgbench running the SQL of each write endpoint at the same concurrency;
//   4. p99 at 80 % of each write endpoint's peak rate.
// Prints a table of figures and ratios and writes bench/results/bench.json. A script, not a test.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const USERS = Number(process.env.BENCH_USERS ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ADS = 200;
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = new URL('..', import.meta.url).pathname;
const secret = `bench-secret-${randomBytes(16).toString('hex')}`;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitReady(url) {
  for (let i = 0; i < 600; i++) {
    if ((await fetch(url).catch(() => undefined))?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready`);
}

/** better-auth's signed session cookie (HMAC-SHA256 of the token with AUTH_SECRET). */
const sessionCookie = (token) =>
  `qp.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

const CLOCK_TICKS = 100;
/** CPU seconds (user + system) used so far by the processes whose command name is `name`, or by one pid. */
function cpuSeconds(match) {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (typeof match === 'number' ? Number(pid) !== match : comm !== match) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, plus cutime + cstime: PostgreSQL's backends end with their connections (pgbench's do),
      // and their time then shows in the postmaster's reaped-children counters.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {}
  }
  return ticks / CLOCK_TICKS;
}

/** Runs autocannon; `cookies` rotate so each request is a different user. */
function load(url, { method = 'GET', body, cookies, amount, duration = SECONDS, overallRate }) {
  let next = 0;
  const serverCpuBefore = cpuSeconds(server.pid);
  const postgresCpuBefore = cpuSeconds('postgres');
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        ...(amount ? { amount } : { duration }),
        ...(overallRate ? { overallRate } : {}),
        requests: [
          {
            method,
            headers: body ? { 'content-type': 'application/json' } : {},
            body: body ? JSON.stringify(body) : undefined,
            setupRequest: (request) => {
              if (!cookies) return request;
              request.headers = { ...request.headers, cookie: cookies[next++ % cookies.length] };
              return request;
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const ok = result['2xx'];
        const seconds = result.duration;
        const perRequestMs = (seconds) =>
          Number(((seconds * 1000) / Math.max(1, result.requests.sent)).toFixed(2));
        resolve({
          requests: result.requests.sent,
          ok,
          failures: result.non2xx + result.errors + result.timeouts,
          perSecond: Math.round(ok / seconds),
          p50: result.latency.p50,
          p99: result.latency.p99,
          // Where the two cores went: CPU per request in the server, and in PostgreSQL.
          serverCpuMsPerRequest: perRequestMs(cpuSeconds(server.pid) - serverCpuBefore),
          postgresCpuMsPerRequest: perRequestMs(cpuSeconds('postgres') - postgresCpuBefore),
        });
      },
    );
  });
}

/** PostgreSQL CPU per pgbench transaction, by script name, for comparing with the endpoints. */
const sqlCpuMsPerTransaction = {};

function pgbench(url, script, name) {
  const postgresCpuBefore = cpuSeconds('postgres');
  const file = path.join(os.tmpdir(), `qp-bench-${randomBytes(4).toString('hex')}.sql`);
  fs.writeFileSync(file, script);
  const result = spawnSync(
    'pgbench',
    ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-f', file, url],
    { encoding: 'utf8' },
  );
  fs.rmSync(file);
  const tps = /tps = ([0-9.]+)/.exec(result.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  const transactions = Number(
    /number of transactions actually processed: (\d+)/.exec(result.stdout)?.[1] ?? 1,
  );
  sqlCpuMsPerTransaction[name] = Number(
    (((cpuSeconds('postgres') - postgresCpuBefore) * 1000) / transactions).toFixed(2),
  );
  return Math.round(Number(tps));
}

const dbName = `qp_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// BENCH_PROFILE=dir writes a CPU profile of the server there (node --cpu-prof), for finding hot spots.
const profile = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];
const server = spawn(process.execPath, [...profile, path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    SEED: 'never',
    AUTH_SECRET: secret,
    TEST_AD_WAIT_SECONDS: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let peakRssMb = 0;
const memoryProbe = setInterval(() => {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    peakRssMb = Math.max(peakRssMb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {}
}, 100);

const helloPort = await freePort();
const hello = spawn(
  process.execPath,
  [
    '-e',
    `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"ok":true}'); }).listen(${helloPort}, '127.0.0.1')`,
  ],
  { stdio: 'inherit' },
);

const results = {
  measuredAt: new Date().toISOString(),
  cores: os.cpus().length,
  users: USERS,
  connections: CONNECTIONS,
};
try {
  await waitReady(`${base}/readyz`);
  await waitReady(`http://127.0.0.1:${helloPort}/`);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();

  console.log(`Preparing ${ADS} ads and ${2 * USERS} signed-in users…`);
  await db.query(
    `insert into ads (ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price,
       max_deliveries, status, is_active, created_at)
     select 'bench', 'https://example.com/' || n, '広告 ' || n, '質問', '["a","b","c"]', 10, 30, 10000000, 'approved', true,
       now() - n * interval '1 second'
     from generate_series(1, ${ADS + 2}) n`,
  );
  await db.query(`insert into quiz_answers (ad_id, correct_option_index) select id, 2 from ads`);
  const [{ id: hotAd }, { id: sqlHotAd }] = (
    await db.query('select id from ads order by created_at desc limit 2')
  ).rows;
  await db.query(
    `insert into users (id, email, email_hash, birth_date, gender, signup_completed_at, phone_verified_at, phone_hash,
       referral_code, points, email_verified)
     select 'bench-' || n, 'bench-' || n || '@example.com', md5('bench-' || n), '1990-01-01', 'female', now(), now(),
       md5('phone-' || n), substr(md5('ref-' || n), 1, 8), 10000000, true
     from generate_series(1, ${2 * USERS}) n`,
  );
  await db.query(
    `insert into point_transactions (user_id, points, memo, reason, ref)
     select id, 10000000, 'bench', 'admin_adjustment', 'bench' from users`,
  );
  await db.query(
    `insert into auth_sessions (id, token, user_id, expires_at)
     select 'session-' || n, 'token-' || n, 'bench-' || n, now() + interval '1 day'
     from generate_series(1, ${2 * USERS}) n`,
  );
  const cookiesOf = (from, count) =>
    Array.from({ length: count }, (_, i) => sessionCookie(`token-${from + i}`));
  const peakUsers = cookiesOf(1, USERS);
  const steadyUsers = cookiesOf(USERS + 1, USERS);

  const check = await fetch(`${base}/api/ads`, { headers: { cookie: peakUsers[0] } });
  if (!check.ok) throw new Error(`a prepared session is refused: ${check.status} ${await check.text()}`);

  console.log('HTTP baseline…');
  results.httpBaseline = await load(`http://127.0.0.1:${helloPort}/`, {});

  console.log('Endpoints…');
  const endpoints = {};
  endpoints.adList = await load(`${base}/api/ads`, { cookies: [peakUsers[0]] });
  endpoints.pointHistory = await load(`${base}/api/points/history`, { cookies: peakUsers });
  endpoints.click = await load(`${base}/api/ads/${hotAd}/click`, {
    method: 'POST',
    cookies: peakUsers,
    amount: USERS,
  });
  endpoints.answer = await load(`${base}/api/ads/${hotAd}/answer`, {
    method: 'POST',
    body: { option: 2 },
    cookies: peakUsers,
    amount: USERS,
  });
  endpoints.gacha = await load(`${base}/api/gacha/claim`, {
    method: 'POST',
    cookies: peakUsers,
    amount: USERS,
  });
  endpoints.gift = await load(`${base}/api/gift-requests`, {
    method: 'POST',
    body: { giftType: 'amazon', points: 1000 },
    cookies: peakUsers,
    amount: USERS,
  });
  results.endpoints = endpoints;

  console.log('p99 at 80 % of each write endpoint’s peak…');
  const steady = {};
  steady.click = await load(`${base}/api/ads/${hotAd}/click`, {
    method: 'POST',
    cookies: steadyUsers,
    amount: USERS,
    overallRate: Math.round(endpoints.click.perSecond * 0.8),
  });
  steady.answer = await load(`${base}/api/ads/${hotAd}/answer`, {
    method: 'POST',
    body: { option: 2 },
    cookies: steadyUsers,
    amount: USERS,
    overallRate: Math.round(endpoints.answer.perSecond * 0.8),
  });
  steady.gacha = await load(`${base}/api/gacha/claim`, {
    method: 'POST',
    cookies: steadyUsers,
    amount: USERS,
    overallRate: Math.round(endpoints.gacha.perSecond * 0.8),
  });
  steady.gift = await load(`${base}/api/gift-requests`, {
    method: 'POST',
    body: { giftType: 'amazon', points: 1000 },
    cookies: steadyUsers,
    amount: USERS,
    overallRate: Math.round(endpoints.gift.perSecond * 0.8),
  });
  results.at80PercentOfPeak = steady;

  console.log('SQL baseline (pgbench, the same SQL at the same concurrency)…');
  // Every user has opened the SQL baseline's ad, so the answer's UPDATE finds its row as the endpoint's does.
  await db.query(
    `insert into quiz_responses (user_id, email_hash, ad_id, clicked_at) select id, email_hash, $1, now() from users`,
    [sqlHotAd],
  );
  const pick = `\\set n random(1, ${2 * USERS})\n`;
  results.sqlBaseline = {
    // The guarded UPDATE a click makes on the hot ad.
    click: pgbench(
      dbUrl,
      `update ads set delivery_count = delivery_count + 1, is_active = delivery_count + 1 < max_deliveries, updated_at = now()
       where id = '${sqlHotAd}' and status = 'approved' and is_active and delivery_count < max_deliveries;\n`,
      'click',
    ),
    answer: pgbench(
      dbUrl,
      `${pick}begin;
select * from quiz_responses where email_hash = md5('bench-' || :n) and ad_id = '${sqlHotAd}' for update;
select * from ads where id = '${sqlHotAd}';
select * from quiz_answers where ad_id = '${sqlHotAd}';
update quiz_responses set answered_at = now(), selected_option = 2, is_correct = true, reward_given = true, points_awarded = 10
  where email_hash = md5('bench-' || :n) and ad_id = '${sqlHotAd}';
insert into point_transactions (user_id, points, memo, reason, ref) values ('bench-' || :n, 10, 'クイズ正解', 'ad_quiz', md5(random()::text))
  on conflict do nothing returning id;
update users set points = points + 10, updated_at = now() where id = 'bench-' || :n and points + 10 >= 0 returning points;
commit;
`,
      'answer',
    ),
    gacha: pgbench(
      dbUrl,
      `${pick}begin;
select last_daily_claim from users where id = 'bench-' || :n for update;
select value from app_settings where key = 'gachaTable';
insert into point_transactions (user_id, points, memo, reason, ref) values ('bench-' || :n, 3, 'デイリーガチャ', 'gacha', md5(random()::text))
  on conflict do nothing returning id;
update users set points = points + 3, updated_at = now() where id = 'bench-' || :n and points + 3 >= 0 returning points;
update users set last_daily_claim = now(), updated_at = now() where id = 'bench-' || :n;
commit;
`,
      'gacha',
    ),
    gift: pgbench(
      dbUrl,
      `${pick}select value from app_settings where key = 'giftTypes';
begin;
select * from users where id = 'bench-' || :n for update;
insert into gift_requests (user_id, gift_type, points_used) values ('bench-' || :n, 'amazon', 1000) returning *;
insert into point_transactions (user_id, points, memo, reason, ref) values ('bench-' || :n, -1000, 'Amazonギフトカードへの交換', 'gift_request', md5(random()::text))
  on conflict do nothing returning id;
update users set points = points - 1000, updated_at = now() where id = 'bench-' || :n and points - 1000 >= 0 returning points;
commit;
insert into dev_outbox ("to", subject, text) values ('bench@example.com', 'bench', 'bench');
`,
      'gift',
    ),
  };
  await db.end();
} finally {
  clearInterval(memoryProbe);
  const serverExited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  hello.kill('SIGTERM');
  await serverExited;
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
results.serverPeakRssMb = Math.round(peakRssMb);
results.sqlCpuMsPerTransaction = sqlCpuMsPerTransaction;

const targets = {
  adList: { vs: 'http', ratio: 0.5 },
  pointHistory: { vs: 'http' },
  click: { vs: 'sql', ratio: 0.8 },
  answer: { vs: 'sql', ratio: 0.7 },
  gacha: { vs: 'sql', ratio: 0.7 },
  gift: { vs: 'sql', ratio: 0.7 },
};
const rows = Object.entries(results.endpoints).map(([name, r]) => {
  const target = targets[name];
  const httpRatio = r.perSecond / results.httpBaseline.perSecond;
  const sqlRate = results.sqlBaseline[name];
  const sqlRatio = sqlRate ? r.perSecond / sqlRate : undefined;
  const ratio = target.vs === 'http' ? httpRatio : sqlRatio;
  const steady = results.at80PercentOfPeak[name];
  return {
    endpoint: name,
    'req/s': r.perSecond,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    failures: r.failures,
    'vs HTTP': httpRatio.toFixed(2),
    'SQL tps': sqlRate ?? '',
    'vs SQL': sqlRatio?.toFixed(2) ?? '',
    target: target.ratio ? `≥ ${target.ratio} × ${target.vs}` : '',
    met: target.ratio ? (ratio >= target.ratio ? 'yes' : 'no') : '',
    'p99 @80% ms': steady?.p99 ?? '',
    'server CPU ms/req': r.serverCpuMsPerRequest,
    'PG CPU ms/req': r.postgresCpuMsPerRequest,
    'PG CPU ms/tx (pgbench)': sqlCpuMsPerTransaction[name] ?? '',
  };
});
results.table = rows;
console.log(
  `\nHTTP baseline (node:http hello world): ${results.httpBaseline.perSecond} req/s, p99 ${results.httpBaseline.p99} ms`,
);
console.table(rows);
console.log(`Server peak memory (RSS): ${results.serverPeakRssMb} MB (target < 250 MB)`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/bench.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('Written to bench/results/bench.json');
