import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inProcessJobRuns } from './start-jobs.ts';

/** What /metrics reports of each scheduled job (http/metrics.ts). */
export interface JobRow {
  name: string;
  runs: number | string;
  failures: number | string;
  last_success: number | string | null;
  last_failure: number | string | null;
}

/** Each scheduled job's runs: pg-boss's record on PostgreSQL, this process's on PGlite. */
export function readJobRuns(database: DatabaseHandle): Promise<JobRow[]> {
  return database.kind === 'postgres' ? pgBossJobs(database) : Promise.resolve(inProcessJobs());
}

/** pg-boss's finished jobs (its `pgboss.job`, kept 40 days: services/jobs), if it has started. */
async function pgBossJobs(database: DatabaseHandle): Promise<JobRow[]> {
  const [tables] = await queryRows<{ job: string | null }>(
    database.db,
    sql`select to_regclass('pgboss.job')::text as job`,
  );
  if (!tables?.job) return [];
  return queryRows<JobRow>(
    database.db,
    sql`select name,
               count(*) filter (where state = 'completed') as runs,
               count(*) filter (where state = 'failed') as failures,
               extract(epoch from max(completed_on) filter (where state = 'completed'))::float8 as last_success,
               extract(epoch from max(completed_on) filter (where state = 'failed'))::float8 as last_failure
        from pgboss.job
        where not starts_with(name, '__pgboss')
        group by name`,
  );
}

/** PGlite: the jobs run in this process (services/jobs), which records them. */
function inProcessJobs(): JobRow[] {
  return [...inProcessJobRuns()].map(([name, record]) => ({
    name,
    runs: record.runs,
    failures: record.failures,
    last_success: record.lastSuccessAt ? record.lastSuccessAt.getTime() / 1000 : null,
    last_failure: record.lastFailureAt ? record.lastFailureAt.getTime() / 1000 : null,
  }));
}
