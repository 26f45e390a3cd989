// npm run bench:start — how long `npm start`'s server takes to serve the first page on PGlite:
// on an empty data folder (migrations and demo data included) and on an existing one. Each is run
// several times; prints the median and worst, and writes bench/results/start.json. The build step
// of `npm start` is not counted (it runs once per change, not per start).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-command.mjs';
import { freePort } from '../scripts/test-support.mjs';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);

/** Starts the server on `dataDir`, times until GET / answers 200 with the page, then stops it. */
async function timeFirstPage(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, SERVER_ENTRY)], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The address fetched below; in development another loopback name is redirected to PUBLIC_URL.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let seconds;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const response = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
    if (response?.ok && (await response.text()).includes('<div id="root">')) {
      seconds = (performance.now() - started) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  return seconds;
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { medianSeconds: sorted[Math.floor(sorted.length / 2)], worstSeconds: sorted.at(-1), runs: values };
};

const empty = [];
const existing = [];
for (let run = 0; run < RUNS; run++) {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-bench-start-'));
  const dataDir = path.join(parent, 'data');
  empty.push(await timeFirstPage(dataDir));
  existing.push(await timeFirstPage(dataDir));
  fs.rmSync(parent, { recursive: true, force: true });
}
const results = {
  measuredAt: new Date().toISOString(),
  emptyDataFolder: { ...summary(empty), targetSeconds: 15 },
  existingDataFolder: { ...summary(existing), targetSeconds: 3 },
};
console.table({
  'empty data folder': {
    median: results.emptyDataFolder.medianSeconds.toFixed(2),
    worst: results.emptyDataFolder.worstSeconds.toFixed(2),
    target: '≤ 15 s',
  },
  'existing data folder': {
    median: results.existingDataFolder.medianSeconds.toFixed(2),
    worst: results.existingDataFolder.worstSeconds.toFixed(2),
    target: '≤ 3 s',
  },
});
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/start.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('Written to bench/results/start.json');
