import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { refreshReachCells } from './domain/advertisers/refresh-reach-cells.ts';
import { rollUpSiteFigures } from './domain/analytics/roll-up-site-figures.ts';
import { japanDayOfMonth } from './domain/billing/billing-period.ts';
import { runMonthlyBilling } from './domain/billing/run-monthly-billing.ts';
import { rollUpAdFigures } from './domain/figures/roll-up-ad-figures.ts';
import { pruneExpiredRows } from './domain/maintenance/prune-expired-rows.ts';
import { type RunningJobs, type ScheduledJob, startJobs } from './services/jobs/start-jobs.ts';
import type { Mailer } from './services/mail/mailer.ts';
import type { PaymentProvider } from './services/payments/payment-provider.ts';

/** The day of the month from which last month may be billed (a start-up later in the month catches up). */
const BILLING_DAY = 5;

/** The scheduled jobs' queue names; `migrate.ts` creates their queues before the servers start. */
export const JOB_NAMES = {
  monthlyBilling: 'monthly-billing',
  pruneExpiredRows: 'prune-expired-rows',
  refreshReachCells: 'refresh-reach-cells',
  rollUpSiteFigures: 'roll-up-site-figures',
  rollUpAdFigures: 'roll-up-ad-figures',
} as const;

export interface BackgroundJobsOptions {
  config: Config;
  database: DatabaseHandle;
  payments: PaymentProvider;
  /** Tells an advertiser when the run's charge of their invoice failed. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Which domain job runs when: the monthly billing (SPEC §9), the hourly pruning of rows nobody
 * reads any more, the daily recount of the reach cells, and the ads' and the operator's figures
 * rolled up every 5 minutes. Each run is idempotent, so one may also be run by hand.
 */
export function scheduledJobs(options: BackgroundJobsOptions): ScheduledJob[] {
  const { config, database, payments, mailer, log } = options;
  const now = options.now ?? (() => new Date());
  return [
    {
      name: JOB_NAMES.monthlyBilling,
      // 04:00 on the 5th: billed on the 5th of the following month.
      cron: '0 4 5 * *',
      async run() {
        const at = now();
        if (japanDayOfMonth(at) < BILLING_DAY) return;
        const registrationNumber = config.invoiceRegistrationNumber;
        const issuerName = config.invoiceIssuerName;
        const result = await runMonthlyBilling({
          db: database.db,
          payments,
          mailer,
          log,
          registrationNumber,
          publicUrl: config.publicUrl,
          issuerName,
          now: at,
        });
        log.info({ job: 'monthly-billing', ...result }, 'monthly billing ran');
      },
    },
    {
      name: JOB_NAMES.pruneExpiredRows,
      // Hourly, at a minute when nothing else is scheduled.
      cron: '17 * * * *',
      async run() {
        const result = await pruneExpiredRows({
          db: database.db,
          now: now(),
          pageViewRetentionMonths: config.pageViewRetentionMonths,
        });
        log.info({ job: 'prune-expired-rows', ...result }, 'expired rows pruned');
      },
    },
    {
      name: JOB_NAMES.refreshReachCells,
      // 00:05 Japan time, after the day's birthdays moved age bands; a run finding the cells already
      // on today does nothing.
      cron: '5 0 * * *',
      async run() {
        const result = await refreshReachCells({ db: database.db, now: now() });
        if (result.written !== null)
          log.info({ job: 'refresh-reach-cells', ...result }, 'reach cells recounted');
      },
    },
    {
      name: JOB_NAMES.rollUpSiteFigures,
      // Every 5 minutes: a closed day is on the admin's numbers page from rolled-up rows soon after
      // its closing margin; a run with nothing to write reads one row.
      cron: '*/5 * * * *',
      async run() {
        const result = await rollUpSiteFigures({ db: database.db, now: now() });
        if (result.days.length > 0)
          log.info({ job: 'roll-up-site-figures', ...result }, 'site figures rolled up');
      },
    },
    {
      name: JOB_NAMES.rollUpAdFigures,
      // Every 5 minutes: a day is written soon after it closes (closed-days.ts), and a run with
      // nothing to write is one short transaction.
      cron: '*/5 * * * *',
      async run() {
        const { days } = await rollUpAdFigures({ db: database.db, now: now() });
        if (days.length === 0) return;
        log.info(
          { job: 'roll-up-ad-figures', days: days.length, through: days.at(-1) },
          'ad figures rolled up',
        );
      },
    },
  ];
}

/** Starts the scheduled jobs: services/jobs runs them (pg-boss, or an in-process check on PGlite). */
export function startBackgroundJobs(options: BackgroundJobsOptions): Promise<RunningJobs> {
  return startJobs({ database: options.config.database, jobs: scheduledJobs(options), log: options.log });
}
