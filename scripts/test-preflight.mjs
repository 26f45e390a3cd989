// Before the tests: what they need from the machine, checked in a second rather than found by a wall
// of failures. `--browser`: Debian's Chromium and the Japanese fonts (without them Japanese renders
// as boxes); `--postgres`: the test PostgreSQL. What is missing is installed when this process may
// (root with apt-get, as .ci/run does; QP_TEST_INSTALL=never says no), or named with the exact command.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { checkPostgres, chromiumPath, POSTGRES_ADMIN_URL } from './test-support.mjs';

const wants = new Set(process.argv.slice(2));
const browserPackages = { chromium: 'chromium', fonts: 'fonts-noto-cjk' };

function hasJapaneseFonts() {
  try {
    return /Noto Sans CJK/i.test(execFileSync('fc-list', [':lang=ja'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

/** The Debian packages the browser tests still need. */
function missingBrowserPackages() {
  const missing = [];
  if (!fs.existsSync(chromiumPath)) missing.push(browserPackages.chromium);
  if (!hasJapaneseFonts()) missing.push(browserPackages.fonts);
  return missing;
}

const mayInstall = () =>
  process.env.QP_TEST_INSTALL !== 'never' &&
  process.getuid?.() === 0 &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

function install(packages) {
  console.log(`Installing what the browser tests need: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) return false;
  }
  return true;
}

const problems = [];
// The tests run on the project's Node (24, README "Run it"): said first, so a run's log shows it.
const nodeMajor = Number(process.versions.node.split('.')[0]);
console.log(`Node.js ${process.version} (${process.execPath})`);
if (nodeMajor < 24) {
  problems.push(
    `The tests run on Node.js 24 or later, not ${process.version}: run them through npm (npm test), ` +
      'which puts the pinned Node 24 of node_modules/.bin first on the PATH, or install Node 24 (README).',
  );
}
if (wants.has('--browser')) {
  let missing = missingBrowserPackages();
  if (missing.length > 0 && mayInstall() && install(missing)) missing = missingBrowserPackages();
  if (missing.length > 0) {
    problems.push(
      `The browser tests need ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}` +
        (missing.includes(browserPackages.chromium)
          ? `\n  (or set CHROMIUM_PATH to a Chromium binary; looked for ${chromiumPath})`
          : ''),
    );
  }
}
if (wants.has('--postgres')) {
  try {
    await checkPostgres();
  } catch {
    problems.push(
      `The concurrency and browser tests need PostgreSQL at ${POSTGRES_ADMIN_URL}: start it ` +
        '(sudo pg_ctlcluster <version> main start, or sudo apt-get install -y postgresql), ' +
        'or set TEST_POSTGRES_URL to a server whose user may create databases.',
    );
  }
}
if (problems.length > 0) {
  console.error(`Not ready to test:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
