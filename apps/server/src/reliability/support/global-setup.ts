import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../../paths.ts';
import { POSTGRES_ADMIN_URL } from '../../test/global-setup.ts';
import { serverEntry } from './cluster.ts';

/**
 * The reliability suites start the production build as child processes against PostgreSQL. Both
 * are required: these suites have nothing to say without them. The build is copied once so that a
 * rebuild during the run (`npm run build` elsewhere) cannot hand a half-written file to a restart.
 */
export default async function setup() {
  const built = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(built))
    throw new Error('Build first: npm run build (npm run test:reliability does it).');
  fs.copyFileSync(built, serverEntry);
  execFileSync(process.execPath, ['--check', serverEntry]);

  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `The reliability suites need PostgreSQL at ${POSTGRES_ADMIN_URL} (set TEST_POSTGRES_URL): ${String(error)}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  return () => fs.rmSync(serverEntry, { force: true });
}
