import pg from 'pg';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Decides once whether the PostgreSQL suites run. With REQUIRE_POSTGRES=1 (set by CI) an
 * unreachable server fails the run instead of quietly testing PGlite only.
 */
export default async function setup() {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.QP_TEST_POSTGRES = '1';
  } catch (error) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(
        `REQUIRE_POSTGRES=1 but PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable: ${String(error)}`,
      );
    }
    process.env.QP_TEST_POSTGRES = '0';
    console.warn(`PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: running the PGlite suites only.`);
  } finally {
    await client.end().catch(() => {});
  }
}
