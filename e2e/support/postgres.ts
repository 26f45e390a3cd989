import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

/** A client on the PostgreSQL-backed test server's database, for putting test data in place. */
export function usePostgres(): { readonly db: pg.Client } {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: inject('postgresDatabaseUrl') });
    await client.connect();
  });
  afterAll(() => client.end());
  return {
    get db() {
      return client;
    },
  };
}
