// npm run test:area -- <word> [<word> ...]: one area's tests, every kind: the shared package's, the web
// app's, the server's and the browser tests whose file path holds one of the words (`gift` runs
// gifts.test.ts, gift-codes.e2e.ts, gift-code-csv.test.ts and the like). The browser tests need the
// production build: it is rebuilt only when a source is newer than it, and the browser tests start only
// the servers the chosen files use. Without browser files the run needs neither.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const words = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const options = process.argv.slice(2).filter((arg) => arg.startsWith('-'));
if (words.length === 0) {
  console.error('Name the area: npm run test:area -- gift   (any part of the test files’ paths)');
  process.exit(2);
}

/** Every file below `dir` (the folders read here hold no node_modules or build output). */
const files = (dir) =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));

const browserFiles = files('e2e').filter((f) => f.endsWith('.e2e.ts') && words.some((w) => f.includes(w)));

/** Whether the production build is older than any source it is made from. */
function buildIsStale() {
  const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
  if (!built.every((f) => fs.existsSync(f))) return true;
  const builtAt = Math.min(...built.map((f) => fs.statSync(f).mtimeMs));
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/server/src',
    'apps/server/migrations',
    'packages/shared/src',
  ];
  return sources.some((dir) => files(dir).some((f) => fs.statSync(f).mtimeMs > builtAt));
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const projects = ['shared', 'web', 'server'];
if (browserFiles.length > 0) {
  run(process.execPath, ['scripts/test-preflight.mjs', '--browser', '--postgres']);
  if (buildIsStale()) run('npm', ['run', 'build']);
  projects.push('e2e');
}
run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...options, ...words]);
