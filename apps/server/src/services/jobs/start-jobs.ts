import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { japanDayOfMonth } from '../../domain/billing/billing-period.ts';
import { runMonthlyBilling } from '../../domain/billing/run-monthly-billing.ts';
import { pruneExpiredRows } from '../../domain/maintenance/prune-expired-rows.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';

export const MONTHLY_BILLING_JOB = 'monthly-billing';
/** 04:00 on the 5th, Japan time (SPEC §9: billed on the 5th of the following month). */
export const MONTHLY_BILLING_CRON = '0 4 5 * *';
/** The day of the month from which last month may be billed (a start-up later in the month catches up). */
const BILLING_DAY = 5;
export const PRUNE_JOB = 'prune-expired-rows';
/** Hourly, at a minute when nothing else is scheduled. */
export const PRUNE_CRON = '17 * * * *';
const IN_PROCESS_CHECK_MS = 60 * 60 * 1000;

/** A scheduled job: its pg-boss queue name and schedule, and the idempotent work of one run. */
interface Job {
  name: string;
  cron: string;
  run: () => Promise<void>;
}

export interface StartJobsOptions {
  config: Config;
  database: DatabaseHandle;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export interface RunningJobs {
  /** Stops taking new work and waits for a job in flight to finish. */
  stop(): Promise<void>;
}

/**
 * Background jobs: the monthly billing, and the hourly pruning of rows nobody reads any more. On
 * PostgreSQL, pg-boss (its own `pgboss` schema in the same database) holds the schedules, so with many
 * instances each run happens on one of them. PGlite is one process by design, so an in-process hourly
 * check stands in. Either way each job is idempotent, and runs once at start-up to catch up (a
 * missed 5th, a backlog).
 */
export async function startJobs(options: StartJobsOptions): Promise<RunningJobs> {
  const now = options.now ?? (() => new Date());
  const billIfDue = async () => {
    const at = now();
    if (japanDayOfMonth(at) < BILLING_DAY) return;
    const result = await runMonthlyBilling({
      db: options.database.db,
      payments: options.payments,
      registrationNumber: options.config.invoiceRegistrationNumber,
      now: at,
    });
    options.log.info({ job: MONTHLY_BILLING_JOB, ...result }, 'monthly billing ran');
  };
  const prune = async () => {
    const result = await pruneExpiredRows({ db: options.database.db, now: now() });
    options.log.info({ job: PRUNE_JOB, ...result }, 'expired rows pruned');
  };
  const jobs: Job[] = [
    { name: MONTHLY_BILLING_JOB, cron: MONTHLY_BILLING_CRON, run: billIfDue },
    { name: PRUNE_JOB, cron: PRUNE_CRON, run: prune },
  ];
  return options.config.database.kind === 'postgres'
    ? startPgBoss(options.config.database.url, jobs, options.log)
    : startInProcess(jobs, options.log);
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

async function startPgBoss(url: string, jobs: Job[], log: FastifyBaseLogger): Promise<RunningJobs> {
  const boss = new PgBoss({ connectionString: url, max: 2 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    // "stately": at most one queued and one running job of each kind across all instances.
    await retryOnDeadlock(() => boss.createQueue(job.name, { name: job.name, policy: 'stately' }));
    await retryOnDeadlock(() => boss.schedule(job.name, job.cron, {}, { tz: 'Asia/Tokyo' }));
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
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
    },
  };
}

function startInProcess(jobs: Job[], log: FastifyBaseLogger): RunningJobs {
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    for (const job of jobs) {
      running = running
        .then(job.run)
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'));
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
