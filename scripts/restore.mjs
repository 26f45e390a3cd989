// Restores a backup made by scripts/backup.mjs into a fresh database:
//   PostgreSQL (DATABASE_URL): pg_restore into that database, which must be empty (create it first).
//   PGlite (DATA_DIR, default ./data): copies the backup folder to DATA_DIR, which must not exist.
// Then start the server as usual: its migrations bring an older backup up to date.
// Usage: npm run restore -- <file-or-folder>      See docs/operations.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { withDataDirLock } from './data-dir-lock.mjs';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const source = process.argv[2];
if (!source || !fs.existsSync(source)) {
  console.error('Usage: npm run restore -- <backup-file-or-folder> (it must exist)');
  process.exit(2);
}

if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    "select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
  );
  await client.end();
  if (rows[0].tables > 0) {
    console.error('Refusing to restore into a database that already has tables: create an empty one.');
    process.exit(2);
  }
  const restore = spawnSync(
    'pg_restore',
    ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${process.env.DATABASE_URL}`, source],
    { stdio: 'inherit' },
  );
  if (restore.error || restore.status !== 0) {
    console.error(
      `pg_restore failed${restore.error ? `: ${restore.error.message}` : ''}; nothing was restored.`,
    );
    process.exit(1);
  }
} else {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  if (fs.existsSync(dataDir)) {
    console.error(`Refusing to replace ${dataDir}: move it away or set DATA_DIR to a new folder.`);
    process.exit(2);
  }
  withDataDirLock(dataDir, () => {
    // Copy beside the target, then rename: an interrupted restore leaves no half folder behind.
    const partial = `${dataDir}.restoring`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(source, partial, { recursive: true });
    fs.renameSync(partial, dataDir);
  });
}
console.log(`Restored from ${source}`);
