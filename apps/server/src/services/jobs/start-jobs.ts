import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { japanDayOfMonth } from '../../domain/billing/billing-period.ts';
import { runMonthlyBilling } from '../../domain/billing/run-monthly-billing.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';

export const MONTHLY_BILLING_JOB = 'monthly-billing';
/** 04:00 on the 5th, Japan time (SPEC §9: billed on the 5th of the following month). */
export const MONTHLY_BILLING_CRON = '0 4 5 * *';
/** The day of the month from which last month may be billed (a start-up later in the month catches up). */
const BILLING_DAY = 5;
const IN_PROCESS_CHECK_MS = 60 * 60 * 1000;

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
 * Background jobs. On PostgreSQL, pg-boss (its own `pgboss` schema in the same database) holds the
 * schedule, so with many instances each month's run happens on one of them. PGlite is one process by
 * design, so an in-process hourly check stands in. Either way the job is idempotent, and it runs
 * once at start-up to catch up a missed 5th.
 */
export async function startJobs(options: StartJobsOptions): Promise<RunningJobs> {
  const now = options.now ?? (() => new Date());
  const billIfDue = async () => {
    const at = now();
    if (japanDayOfMonth(at) < BILLING_DAY) return;
    const result = await runMonthlyBilling({
      db: options.database.db,
      payments: options.payments,
      adminEmail: options.config.adminEmail,
      registrationNumber: options.config.invoiceRegistrationNumber,
      now: at,
    });
    options.log.info({ job: MONTHLY_BILLING_JOB, ...result }, 'monthly billing ran');
  };
  return options.config.database.kind === 'postgres'
    ? startPgBoss(options.config.database.url, billIfDue, options.log)
    : startInProcess(billIfDue, options.log);
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

async function startPgBoss(
  url: string,
  billIfDue: () => Promise<void>,
  log: FastifyBaseLogger,
): Promise<RunningJobs> {
  const boss = new PgBoss({ connectionString: url, max: 2 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  // "stately": at most one queued and one running billing job across all instances.
  await retryOnDeadlock(() =>
    boss.createQueue(MONTHLY_BILLING_JOB, { name: MONTHLY_BILLING_JOB, policy: 'stately' }),
  );
  await retryOnDeadlock(() =>
    boss.schedule(MONTHLY_BILLING_JOB, MONTHLY_BILLING_CRON, {}, { tz: 'Asia/Tokyo' }),
  );
  await boss.work(MONTHLY_BILLING_JOB, { pollingIntervalSeconds: 5 }, async () => {
    try {
      await billIfDue();
    } catch (error) {
      log.error({ err: error, job: MONTHLY_BILLING_JOB }, 'monthly billing failed (pg-boss retries it)');
      throw error;
    }
  });
  await boss.send(MONTHLY_BILLING_JOB, {});
  return {
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
    },
  };
}

function startInProcess(billIfDue: () => Promise<void>, log: FastifyBaseLogger): RunningJobs {
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    running = running
      .then(billIfDue)
      .catch((error: unknown) =>
        log.error({ err: error, job: MONTHLY_BILLING_JOB }, 'monthly billing failed'),
      );
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
