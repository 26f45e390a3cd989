// Backs up the database the server uses (same environment as `npm start`, .env included):
//   PostgreSQL (DATABASE_URL): pg_dump in its custom format, safe while the servers run.
//   PGlite (DATA_DIR, default ./data): a copy of the folder, taken under the folder's lock, so only
//   while no server has it open (PGlite is one process; stop the server first).
// Usage: npm run backup -- <file-or-folder>      See docs/operations.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { withDataDirLock } from './data-dir-lock.mjs';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <file-or-folder>');
  process.exit(2);
}
if (fs.existsSync(target)) {
  console.error(`Refusing to overwrite ${target}: choose a new name.`);
  process.exit(2);
}

if (process.env.DATABASE_URL) {
  const dump = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${target}`, process.env.DATABASE_URL],
    {
      stdio: 'inherit',
    },
  );
  if (dump.error || dump.status !== 0) {
    console.error(`pg_dump failed${dump.error ? `: ${dump.error.message}` : ''}.`);
    fs.rmSync(target, { force: true });
    process.exit(1);
  }
} else {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  if (!fs.existsSync(dataDir)) {
    console.error(`No PGlite folder at ${dataDir}.`);
    process.exit(1);
  }
  withDataDirLock(dataDir, () => fs.cpSync(dataDir, target, { recursive: true }));
}
console.log(`Backed up to ${target}`);
