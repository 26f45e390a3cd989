import { addDays, type InvoiceStatus, japanDayStart, type LedgerReason } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { rolledThrough } from '../figures/closed-days.ts';
import { ledgerByReasonQuery, RAW_DAYS_SETTINGS } from './site-day-figures-sql.ts';
import { SITE_FIGURES_ROLLUP } from './site-figures-rollup.ts';

export interface LedgerTotal {
  reason: LedgerReason;
  direction: 'credit' | 'debit';
  entries: number;
  points: number;
}

export interface BusinessFigures {
  /** Every ledger row ever, by reason and direction (only the pairs that have rows). */
  ledger: LedgerTotal[];
  /** Every billable delivery ever. */
  deliveries: number;
  /** Invoices by status (only the statuses that have some). */
  invoices: { status: InvoiceStatus; invoices: number }[];
}

/**
 * The totals /metrics reports, equal to counting the whole ledger and ad_deliveries, without doing
 * so at every scrape (docs/decisions/025-site-figures.md): the closed days' rows of site_day_ledger
 * and site_day_figures (up to through_day), the open days' up to their mark, and the raw rows after
 * the mark through the time indexes. The rollup starts at the day of the oldest raw row, so the
 * closed days hold all earlier history; before the first rollup everything is counted from the raw
 * rows. One repeatable-read transaction, so the mark and the rows after it are seen at one moment
 * while the job moves them on. Invoices are few (one per billable ad a month) and counted directly.
 */
export async function getBusinessFigures({ db }: { db: Database }): Promise<BusinessFigures> {
  return db.transaction(
    async (tx) => {
      await tx.execute(RAW_DAYS_SETTINGS);
      const { through, mark } = await openDayMark(tx);
      const ledgerParts: SQL[] = [];
      let deliveryParts: SQL[];
      if (through === null || mark === null) {
        // Every row, by the same definition (no ledger row predates 1970).
        ledgerParts.push(
          sql`select reason, direction, entries, points from (${ledgerByReasonQuery({ from: new Date(0) })}) everything`,
        );
        deliveryParts = [sql`select count(*) as deliveries from ad_deliveries`];
      } else {
        ledgerParts.push(
          sql`select reason, direction, entries, points from site_day_ledger where day <= ${through}`,
          sql`select reason, direction, entries, points from site_open_day_ledger where day > ${through}`,
          sql`select reason, direction, entries, points from (${ledgerByReasonQuery({ from: mark })}) live`,
        );
        deliveryParts = [
          sql`select sum(deliveries) as deliveries from site_day_figures where day <= ${through}`,
          sql`select sum(deliveries) from site_open_day_figures where day > ${through}`,
          sql`select count(*) from ad_deliveries where delivered_at >= ${mark.toISOString()}::timestamptz`,
        ];
      }
      const ledger = await queryRows<{
        reason: LedgerReason;
        direction: 'credit' | 'debit';
        entries: string | number;
        points: string | number;
      }>(
        tx,
        sql`select reason, direction, sum(entries) as entries, coalesce(sum(points), 0) as points
          from (${sql.join(ledgerParts, sql` union all `)}) parts group by 1, 2 order by 1, 2`,
      );
      const [deliveries] = await queryRows<{ deliveries: string | number | null }>(
        tx,
        sql`select sum(deliveries) as deliveries from (${sql.join(deliveryParts, sql` union all `)}) parts`,
      );
      const invoices = await queryRows<{ status: InvoiceStatus; invoices: string | number }>(
        tx,
        sql`select status, count(*) as invoices from invoices group by status`,
      );
      return {
        ledger: ledger.map((row) => ({
          reason: row.reason,
          direction: row.direction,
          entries: Number(row.entries),
          points: Number(row.points),
        })),
        deliveries: Number(deliveries?.deliveries ?? 0),
        invoices: invoices.map((row) => ({ status: row.status, invoices: Number(row.invoices) })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The site rollup's last closed day and the open days' mark: every raw row before the mark is in a
 * closed day's or an open day's figures (the start of the day after through_day when no open day has
 * been moved on yet). Both null before the first rollup.
 */
async function openDayMark(tx: Tx): Promise<{ through: string | null; mark: Date | null }> {
  const through = await rolledThrough(tx, SITE_FIGURES_ROLLUP);
  if (through === null) return { through, mark: null };
  const firstOpen = japanDayStart(addDays(through, 1));
  const [open] = await queryRows<{ through: Date | string | null }>(
    tx,
    sql`select max(through_at) as through from site_open_day_figures where day > ${through}`,
  );
  const moved = open?.through ? new Date(open.through).getTime() : 0;
  return { through, mark: new Date(Math.max(moved, firstOpen.getTime())) };
}
