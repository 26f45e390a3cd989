import { checkPostgres, POSTGRES_ADMIN_URL } from '../../../../scripts/test-support.mjs';

/**
 * Decides once whether the PostgreSQL suites run. With REQUIRE_POSTGRES=1 (set by CI) an
 * unreachable server fails the run instead of quietly testing PGlite only.
 */
export default async function setup() {
  try {
    await checkPostgres();
    process.env.QP_TEST_POSTGRES = '1';
  } catch (error) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1 but ${String(error)}`);
    process.env.QP_TEST_POSTGRES = '0';
    console.warn(`PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: running the PGlite suites only.`);
  }
}
