import { JAPAN_TIME_ZONE } from '@quiz-points/shared';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { Config } from '../../config.ts';

const IN_PROCESS_CHECK_MS = 60 * 60 * 1000;
/**
 * How long pg-boss keeps finished jobs (its default is 7 days): longer than the monthly billing's
 * period, so /metrics can always tell when each job last ran (about 1,000 rows of the hourly job).
 */
const KEEP_FINISHED_JOBS_SECONDS = 40 * 24 * 60 * 60;

/**
 * The oldest `pgboss` schema pg-boss 12 can migrate: 11.0's (version 25). pg-boss 10 left version 24.
 */
const OLDEST_MIGRATABLE_JOB_SCHEMA = 25;

/**
 * What our servers ask of pg-boss beyond its defaults. Its index upkeep (REINDEX CONCURRENTLY) needs
 * the tables' owner, and the servers' role may only read and write (docs/deploy.md): off.
 */
const SERVER_OPTIONS = { reindex: false } as const;

/** What /metrics reports of one job's runs in this process (PGlite's in-process check). */
export interface JobRunRecord {
  runs: number;
  failures: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
}

const inProcessRuns = new Map<string, JobRunRecord>();

/** The runs of the in-process check (PGlite, one process by design), by job name. */
export function inProcessJobRuns(): ReadonlyMap<string, Readonly<JobRunRecord>> {
  return inProcessRuns;
}

function recordRun(name: string, failed: boolean) {
  const record = inProcessRuns.get(name) ?? {
    runs: 0,
    failures: 0,
    lastSuccessAt: null,
    lastFailureAt: null,
  };
  if (failed) {
    record.failures++;
    record.lastFailureAt = new Date();
  } else {
    record.runs++;
    record.lastSuccessAt = new Date();
  }
  inProcessRuns.set(name, record);
}

/** A scheduled job: its pg-boss queue name and schedule (Japan time), and the idempotent work of one run. */
export interface ScheduledJob {
  name: string;
  cron: string;
  run: () => Promise<void>;
}

export interface RunningJobs {
  /** Stops taking new work and waits for a job in flight to finish. */
  stop(): Promise<void>;
}

/**
 * Runs scheduled jobs. On PostgreSQL, pg-boss (its own `pgboss` schema in the same database) holds
 * the schedules, so with many instances each run happens on one of them. PGlite is one process by
 * design, so an in-process hourly check stands in. Either way each job must be idempotent: it also
 * runs once at start-up to catch up (a missed schedule, a backlog). Which jobs there are: src/jobs.ts.
 */
export async function startJobs(options: {
  database: Config['database'];
  jobs: readonly ScheduledJob[];
  log: FastifyBaseLogger;
}): Promise<RunningJobs> {
  const { database, jobs, log } = options;
  return database.kind === 'postgres' ? startPgBoss(database.url, jobs, log) : startInProcess(jobs, log);
}

/**
 * Instances starting together on a new database can deadlock while both create the queue
 * (PostgreSQL aborts one with 40P01); the loser tries again instead of failing its start-up.
 */
async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || (error as { code?: unknown }).code !== '40P01') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Each job's queue. An existing queue is left as it is (no DDL), so a role with only DML rights may call it. */
async function createJobQueues(boss: PgBoss, names: readonly string[]) {
  for (const name of names) {
    // "stately": at most one queued and one running job of each kind across all instances.
    await retryOnDeadlock(() =>
      boss.createQueue(name, { policy: 'stately', deleteAfterSeconds: KEEP_FINISHED_JOBS_SECONDS }),
    );
  }
}

/**
 * Installs (or upgrades) pg-boss's schema and creates the queues of `names`: the DDL the job queue
 * needs, done by `migrate.js` as the schema owner so that the servers' role needs only DML
 * (docs/deploy.md). The servers do the same at start-up when their role may.
 */
export async function installJobQueues(url: string, names: readonly string[]) {
  await dropUnmigratableJobSchema(url);
  // `schedule` stays on: starting it creates pg-boss's own cron queue.
  const boss = new PgBoss({ connectionString: url, max: 1, supervise: false, ...SERVER_OPTIONS });
  await boss.start();
  try {
    await createJobQueues(boss, names);
  } finally {
    await boss.stop({ graceful: false, timeout: 1_000 });
  }
}

/**
 * A `pgboss` schema older than pg-boss 12 can migrate (pg-boss 10's) is dropped, for the start that
 * follows to install the current one. It holds nothing that is not made again: the schedules and
 * queues are written at every start, the jobs run at start-up to catch up, and what is lost is the
 * record of past runs that /metrics reads (decision 041). Under a lock, so that of instances starting
 * together one drops it and the others find it gone or new.
 */
export async function dropUnmigratableJobSchema(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('quiz-points:pgboss-schema'))`);
    const { rows: present } = await client.query(`select to_regclass('pgboss.version') as version`);
    const version = present[0]?.version
      ? (await client.query<{ version: number }>('select version from pgboss.version')).rows[0]?.version
      : undefined;
    const outdated = version !== undefined && version < OLDEST_MIGRATABLE_JOB_SCHEMA;
    if (outdated) await client.query('drop schema pgboss cascade');
    await client.query('commit');
    return outdated;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function startPgBoss(
  url: string,
  jobs: readonly ScheduledJob[],
  log: FastifyBaseLogger,
): Promise<RunningJobs> {
  await dropUnmigratableJobSchema(url);
  const boss = new PgBoss({ connectionString: url, max: 2, ...SERVER_OPTIONS });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await createJobQueues(
    boss,
    jobs.map((job) => job.name),
  );
  for (const job of jobs) {
    await retryOnDeadlock(() => boss.schedule(job.name, job.cron, {}, { tz: JAPAN_TIME_ZONE }));
    await boss.work(job.name, { pollingIntervalSeconds: 5 }, async () => {
      try {
        await job.run();
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job failed (pg-boss retries it)');
        throw error;
      }
    });
    await boss.send(job.name, {});
  }
  return {
    async stop() {
      await boss.stop({ graceful: true, timeout: 8_000 });
    },
  };
}

function startInProcess(jobs: readonly ScheduledJob[], log: FastifyBaseLogger): RunningJobs {
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    for (const job of jobs) {
      running = running
        .then(job.run)
        .then(() => recordRun(job.name, false))
        .catch((error: unknown) => {
          recordRun(job.name, true);
          log.error({ err: error, job: job.name }, 'job failed');
        });
    }
  };
  check();
  const timer = setInterval(check, IN_PROCESS_CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
