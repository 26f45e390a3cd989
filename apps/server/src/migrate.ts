// `node apps/server/dist/migrate.js`: brings a PostgreSQL database up to date and exits. Run it with
// the schema owner's DATABASE_URL before the servers start (first install and every upgrade): it
// applies the pending migrations (under the same advisory lock as a server's start-up) and installs
// or upgrades the job queue's schema and queues. The servers can then run as a role granted only
// SELECT/INSERT/UPDATE/DELETE (deploy/postgres-roles.sql, docs/deploy.md, decision 023).
// Exit code 0 when the database is up to date, 1 (with the reason on stderr) otherwise.
import fs from 'node:fs';
import { openPostgres } from './db/client.ts';
import { JOB_NAMES } from './jobs.ts';
import { installJobQueues } from './services/jobs/start-jobs.ts';

async function migrate() {
  // As in main.ts: a .env file is optional and the environment itself wins.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name the PostgreSQL database (as the schema owner).');
  const database = await openPostgres(url, 1);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await installJobQueues(url, Object.values(JOB_NAMES));
  console.log('The database is up to date.');
}

migrate().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
