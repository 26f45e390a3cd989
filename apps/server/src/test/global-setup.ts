import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkPostgres,
  createPostgresDatabase,
  POSTGRES_ADMIN_URL,
} from '../../../../scripts/test-support.mjs';
import { openPglite, openPostgres } from '../db/client.ts';

/**
 * Decides once whether the PostgreSQL suites run (with REQUIRE_POSTGRES=1, set by CI, an unreachable
 * server fails the run instead of quietly testing PGlite only), and migrates once per run: a PGlite
 * database dumped to a file and, with PostgreSQL, a template database. Every test database starts as a
 * copy of one of them (test/test-database.ts), then runs the migrations, which find nothing to do.
 */
export default async function setup() {
  const cleanups: (() => unknown)[] = [];
  const pglite = await openPglite();
  try {
    await pglite.migrate();
    const dump = await pglite.dump!();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qp-test-template-')), 'pglite.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.QP_TEST_PGLITE_TEMPLATE = file;
    cleanups.push(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
  } finally {
    await pglite.close();
  }

  try {
    await checkPostgres();
    process.env.QP_TEST_POSTGRES = '1';
  } catch (error) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but ${String(error)}`);
    process.env.QP_TEST_POSTGRES = '0';
    console.warn(`PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: running the PGlite suites only.`);
  }
  if (process.env.QP_TEST_POSTGRES === '1') {
    const template = await createPostgresDatabase('qp_template');
    cleanups.push(() => template.drop());
    const handle = await openPostgres(template.url, 1);
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    process.env.QP_TEST_POSTGRES_TEMPLATE = template.name;
  }
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
