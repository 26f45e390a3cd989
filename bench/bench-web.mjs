// npm run bench:web — Lighthouse (the npm package, mobile settings, simulated slow 4G and 4× CPU
// slowdown) driving Debian's Chromium against the production build on a fresh PGlite with demo
// data: the landing page, the signed-in home, a quiz page and the advertiser's create-ad page, and
// beside the member's two pages their reference: the same final HTML, as our server sent it, from a
// minimal node:http server of static files, without the app's script (the floor of what any
// rendering can reach). Prints performance score, LCP, TBT and CLS per page, with the load average
// (1, 5, 15 min) at the start and end of each page's runs, and writes bench/results/web.json with a
// `targets` table: each of the browser targets (issues 14 and 30), what was measured and whether it
// is met. BENCH_WEB_PAGES=home,quiz measures those pages alone, for a quick look.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-command.mjs';
import { chromiumFlags, chromiumPath, freePort, waitUntilOk } from '../scripts/test-support.mjs';
import { loadAverage } from './support.mjs';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const only = process.env.BENCH_WEB_PAGES?.split(',');

/** A cookie jar over fetch, enough for the sign-in flows. */
class Client {
  cookies = new Map();
  constructor(base) {
    this.base = base;
  }
  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async raw(url, init = {}) {
    const headers = new Headers(init.headers);
    if (url.startsWith(this.base) && this.cookies.size) headers.set('cookie', this.cookieHeader);
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

/** A general user through the development OpenID Connect provider, then signup. */
async function signedUpUser(base) {
  const client = new Client(base);
  const start = await client.json('POST', '/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/',
  });
  const login = await client.follow(start.body.url);
  await login.response.text();
  const done = await client.follow(`${base}${new URL(login.url).pathname}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email: 'lighthouse@example.com', name: 'lighthouse' }).toString(),
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

const port = await freePort();
const base = `http://localhost:${port}`;
const dataParent = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-bench-web-'));
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, SERVER_ENTRY)], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: 'localhost',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: path.join(dataParent, 'data'),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let chrome;
let reference;

/**
 * The reference: a minimal static server sending each page's final HTML (captured from our server,
 * its module scripts taken out) and the build's files, compressed as ours sends them.
 */
async function referenceServer(pagesByPath) {
  const dist = path.join(root, 'apps/web/dist');
  const types = {
    '.css': 'text/css',
    '.js': 'text/javascript',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webp': 'image/webp',
    '.json': 'application/json',
  };
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    const br = /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
    const page = pagesByPath.get(pathname);
    if (page !== undefined) {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(br ? { 'content-encoding': 'br' } : {}),
      });
      response.end(br ? zlib.brotliCompressSync(page) : page);
      return;
    }
    const file = path.join(dist, path.normalize(pathname));
    if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const compressed = br && fs.existsSync(`${file}.br`);
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      ...(compressed ? { 'content-encoding': 'br' } : {}),
    });
    response.end(fs.readFileSync(compressed ? `${file}.br` : file));
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return server;
}

/** A page's HTML as our server sends it to `client`, without the app's script: the reference page. */
async function finalHtml(client, pagePath) {
  const response = await client.raw(`${base}${pagePath}`);
  const html = await response.text();
  return html
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

const results = {
  measuredAt: new Date().toISOString(),
  runs: RUNS,
  cores: os.cpus().length,
  loadAverage: { start: loadAverage() },
  pages: [],
};
try {
  await waitUntilOk(`${base}/readyz`, { child: server });
  const user = await signedUpUser(base);
  const { body: adList } = await user.json('GET', '/api/ads');
  const advertiser = new Client(base);
  const signIn = await advertiser.json('POST', '/api/advertiser/sign-in', {
    email: 'advertiser@quiz-points.example',
    password: 'advertiser-demo-1234',
  });
  if (signIn.status !== 200)
    throw new Error(`the demo advertiser could not sign in: ${JSON.stringify(signIn.body)}`);

  const quizPath = `/quiz/${adList.ads[0].id}`;
  reference = await referenceServer(
    new Map([
      ['/', await finalHtml(user, '/')],
      [quizPath, await finalHtml(user, quizPath)],
    ]),
  );
  const referenceBase = `http://localhost:${reference.address().port}`;
  const pages = [
    { name: 'landing', path: '/' },
    { name: 'home', path: '/', cookie: user.cookieHeader },
    { name: 'home reference', path: '/', base: referenceBase },
    { name: 'quiz', path: quizPath, cookie: user.cookieHeader },
    { name: 'quiz reference', path: quizPath, base: referenceBase },
    { name: 'create-ad', path: '/advertiser/create-ad', cookie: advertiser.cookieHeader },
  ];
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
  });
  for (const page of pages.filter((p) => !only || only.includes(p.name))) {
    const runs = [];
    const loadAtStart = loadAverage();
    // A run Lighthouse could not finish (its runtimeError: no paint recorded, now and then the first
    // run of a fresh Chromium) is counted in `failedRuns` and run again, twice at most per page.
    let failedRuns = 0;
    for (let run = 0; run < RUNS && failedRuns <= 2; run++) {
      const { lhr } = await lighthouse(`${page.base ?? base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        ...(page.cookie ? { extraHeaders: { cookie: page.cookie } } : {}),
      });
      if (lhr.runtimeError) {
        failedRuns++;
        run--;
        console.warn(`${page.name}: a run failed (${lhr.runtimeError.code}); running it again`);
        continue;
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
        fcpMs: Math.round(audit('first-contentful-paint')),
        finalUrl: lhr.finalDisplayedUrl,
        // Where the blocking time comes from: the run's longest main-thread tasks, by script.
        longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 5).map((task) => ({
          script: String(task.url).replace(page.base ?? base, ''),
          startMs: Math.round(task.startTime),
          ms: Math.round(task.duration),
        })),
      });
    }
    // The median run by score, as Lighthouse's own guidance suggests for noisy machines.
    const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    results.pages.push({
      page: page.name,
      path: page.path,
      ...median,
      runs,
      failedRuns,
      loadAverage: { start: loadAtStart, end: loadAverage() },
    });
  }
} finally {
  await chrome?.kill();
  reference?.close();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataParent, { recursive: true, force: true });
}

console.table(
  results.pages.map((p) => ({
    page: p.page,
    'final URL': new URL(p.finalUrl).pathname,
    score: p.score,
    'LCP ms': p.lcpMs,
    'TBT ms': p.tbtMs,
    CLS: p.cls,
    'FCP ms': p.fcpMs,
  })),
);
for (const p of results.pages) {
  const tasks = p.runs.flatMap((run) => run.longTasks).filter((task) => task.ms >= 50);
  if (tasks.length > 0)
    console.log(`${p.page}: long tasks`, tasks.map((t) => `${t.script || '(page)'} ${t.ms} ms`).join(', '));
}
// The targets (issues 14 and 30), on the median run of each page: [label, page, figure, whether it is met].
const targets = [
  ['landing LCP ≤ 1,200 ms', 'landing', 'lcpMs', (lcp) => lcp <= 1200],
  ['landing TBT ≤ 100 ms', 'landing', 'tbtMs', (tbt) => tbt <= 100],
  ['landing score 100', 'landing', 'score', (score) => score === 100],
  ...['home', 'quiz'].flatMap((name) => [
    [`${name} LCP ≤ 1,200 ms`, name, 'lcpMs', (lcp) => lcp <= 1200],
    [`${name} TBT ≤ 100 ms`, name, 'tbtMs', (tbt) => tbt <= 100],
    [`${name} CLS ≤ 0.05`, name, 'cls', (cls) => cls <= 0.05],
  ]),
];
const figuresOf = (p) =>
  p &&
  `score ${p.score}, LCP ${p.lcpMs} ms, TBT ${p.tbtMs} ms, CLS ${p.cls} (load ${p.loadAverage.start[0]}→${p.loadAverage.end[0]})`;
results.targets = targets.flatMap(([label, name, figure, met]) => {
  const p = results.pages.find((page) => page.page === name);
  if (!p) return [];
  const ref = results.pages.find((page) => page.page === `${name} reference`);
  return [
    {
      target: label,
      measured: p[figure],
      met: met(p[figure]),
      ...(ref ? { reference: ref[figure] } : {}),
      figures: `${name}: ${figuresOf(p)}${ref ? `; reference: ${figuresOf(ref)}` : ''}`,
    },
  ];
});
results.loadAverage.end = loadAverage();
console.table(
  results.targets.map(({ target, measured, reference, met }) => ({ target, measured, reference, met })),
);
if (only) {
  for (const p of results.pages)
    console.log(p.page, 'runs (LCP, TBT):', p.runs.map((run) => `${run.lcpMs}/${run.tbtMs}`).join(' '));
  console.log('Some pages only (BENCH_WEB_PAGES): bench/results/web.json is left as it was.');
} else {
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/web.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('Written to bench/results/web.json');
}
