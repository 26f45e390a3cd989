import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { workerServers } from './worker-servers.ts';

/** A client on the PostgreSQL-backed test server's database, for putting test data in place. */
export function usePostgres(): { readonly db: pg.Client } {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: workerServers().postgresDatabaseUrl });
    await client.connect();
  });
  afterAll(() => client.end());
  return {
    get db() {
      return client;
    },
  };
}

/**
 * Makes the database as if no day of the ads' figures were rolled up yet, after a test put rows in
 * at past times: the server's job (roll-up-ad-figures, every 5 minutes) may have written those days
 * already, and a written day is never read from the raw rows again. The job writes them anew. The
 * rollup's record row is locked first, so a day being written meanwhile is finished or never begun.
 */
export async function forgetRolledUpAdFigures(db: pg.Client) {
  await db.query(`
    begin;
    insert into figure_rollups (name) values ('ad-figures') on conflict (name) do nothing;
    update figure_rollups set through_day = null where name = 'ad-figures';
    delete from ad_day_audiences;
    delete from ad_day_figures;
    delete from ad_figure_totals;
    commit;`);
}
