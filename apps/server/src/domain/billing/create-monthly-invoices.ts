import { invoiceAmounts } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { previousJapanMonth } from './billing-period.ts';
import { runWithConcurrency } from './run-with-concurrency.ts';

/** Who issues the qualified invoices (configuration: INVOICE_ISSUER_NAME, INVOICE_REGISTRATION_NUMBER). */
export interface InvoiceIssuer {
  name: string;
  registrationNumber: string;
}

/**
 * Ads invoiced per transaction: big enough that a month of 4,000 ads is some twenty statements of
 * each kind, small enough that a batch (some 150,000 deliveries claimed at that size) commits in a
 * few seconds and a crash loses one batch's work.
 */
export const INVOICE_BATCH_SIZE = 200;

/**
 * Batches in flight at once: claiming deliveries is the run's cost (every claimed delivery is a new
 * row version and three index entries), one core's work per batch, so two use a two-core database.
 */
export const INVOICE_BATCH_CONCURRENCY = 2;

export interface CreateMonthlyInvoicesOptions {
  db: Database;
  now: Date;
  issuer: InvoiceIssuer;
  /** Ads per transaction (INVOICE_BATCH_SIZE unless given). */
  batchSize?: number;
  /** Batches in flight at once (INVOICE_BATCH_CONCURRENCY unless given). */
  concurrency?: number;
}

/**
 * Step 1 of the monthly run: one invoice per ad for its deliveries before the end of the Japan-time
 * month before `now` that no invoice has claimed yet (so a month the job missed is billed by the
 * next run). The ads with unclaimed deliveries are found through the partial index of unclaimed
 * deliveries (migration 0015), then invoiced in batches of ads, each batch one transaction of three
 * set-based statements: the invoices inserted under the unique (ad, period), which is the once-only
 * guard; the batch's deliveries claimed and summed by one `update … returning`; the amounts written.
 * A batch commits whole or not at all, so a run that stops between batches (a crash, an error) is
 * finished by the next run, which finds only the ads still unclaimed. Batches at once, of this run
 * or of another instance's, never claim the same ad twice: the unique (ad, period) lets one insert
 * the invoice and makes the others wait for its commit and then leave the ad out; every batch
 * inserts in ad-id order, so batches never wait on each other in a circle.
 */
export async function createMonthlyInvoices({
  db,
  now,
  issuer,
  batchSize = INVOICE_BATCH_SIZE,
  concurrency = INVOICE_BATCH_CONCURRENCY,
}: CreateMonthlyInvoicesOptions) {
  const { period, end } = previousJapanMonth(now);
  const billable = await findBillableAds(db, end);
  const batches: string[][] = [];
  for (let from = 0; from < billable.length; from += batchSize) {
    batches.push(billable.slice(from, from + batchSize));
  }
  const created: string[] = [];
  await runWithConcurrency({
    items: batches,
    concurrency,
    async task(adIds) {
      created.push(...(await db.transaction((tx) => invoiceBatch(tx, { adIds, period, end, issuer }))));
    },
  });
  return { period, created };
}

/**
 * The ads, in id order, with a delivery before `end` that no invoice has claimed: a skip scan of the
 * partial index of unclaimed deliveries (one index probe per such ad, never a scan of the
 * deliveries). House ads are never billed (decision 012); that is decided by the ad, never by an
 * address.
 */
async function findBillableAds(db: Database, end: Date): Promise<string[]> {
  const before = end.toISOString();
  const rows = await queryRows<{ ad_id: string }>(
    db,
    sql`with recursive unbilled(ad_id) as (
          (select ad_id from ad_deliveries
           where invoice_id is null and delivered_at < ${before}::timestamptz
           order by ad_id limit 1)
          union all
          select (select d.ad_id from ad_deliveries d
                  where d.invoice_id is null and d.delivered_at < ${before}::timestamptz and d.ad_id > u.ad_id
                  order by d.ad_id limit 1)
          from unbilled u
          where u.ad_id is not null
        )
        select u.ad_id from unbilled u join ads a on a.id = u.ad_id
        where not a.is_house_ad
        order by u.ad_id`,
  );
  return rows.map((row) => row.ad_id);
}

interface ClaimedRow {
  id: string;
  deliveries: number;
  subtotal: number;
  unit_price: number;
  previous_status: string | null;
  previous_subtotal: number | null;
  previous_carried_in: number | null;
}

async function invoiceBatch(
  tx: Tx,
  { adIds, period, end, issuer }: { adIds: string[]; period: string; end: Date; issuer: InvoiceIssuer },
): Promise<string[]> {
  // The invoices first: the unique (ad, period) leaves out every ad another run has invoiced (or is
  // invoicing: this waits for its commit). The qualified invoice's parties are kept as they are now:
  // the invoice never changes afterwards (recipient: the company name, else the display name).
  const inserted = await queryRows<{ id: string; ad_id: string }>(
    tx,
    sql`insert into invoices (ad_id, advertiser_id, period, deliveries, subtotal, tax, total, status,
                              issuer_name, issuer_registration_number, recipient_name, recipient_address)
        select a.id, u.id, ${period}, 0, 0, 0, 0, 'charging', ${issuer.name}, ${issuer.registrationNumber},
               coalesce(u.company_name, u.display_name, ''), u.company_address
        from ads a
        join users u on u.id = a.advertiser_id
        where a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(adIds)}::jsonb))
          and not a.is_house_ad
        order by a.id
        on conflict (ad_id, period) do nothing
        returning id, ad_id`,
  );
  if (inserted.length === 0) return [];

  // Every unclaimed delivery of these ads before the month's end, claimed in one statement and
  // summed from what it claimed; with it, each ad's latest earlier invoice, whose carried-over
  // amount (a bill under 50 yen) is absorbed here, and only here: this invoice is now the latest.
  const claimed = await queryRows<ClaimedRow>(
    tx,
    sql`with batch as (
          select * from jsonb_to_recordset(${JSON.stringify(inserted)}::jsonb) as b(id uuid, ad_id uuid)
        ), claimed as (
          update ad_deliveries d set invoice_id = b.id
          from batch b
          where d.ad_id = b.ad_id and d.invoice_id is null and d.delivered_at < ${end.toISOString()}::timestamptz
          returning d.invoice_id, d.unit_price
        ), sums as (
          select invoice_id, count(*)::int as deliveries, sum(unit_price)::int as subtotal,
                 max(unit_price)::int as unit_price
          from claimed group by invoice_id
        )
        select b.id, coalesce(s.deliveries, 0) as deliveries, coalesce(s.subtotal, 0) as subtotal,
               coalesce(s.unit_price, 0) as unit_price, p.status as previous_status,
               p.subtotal as previous_subtotal, p.carried_in as previous_carried_in
        from batch b
        left join sums s on s.invoice_id = b.id
        left join lateral (
          select status, subtotal, carried_in from invoices
          where ad_id = b.ad_id and period < ${period}
          order by period desc limit 1
        ) p on true`,
  );

  const amounts = claimed.map((row) => {
    const carriedIn =
      row.previous_status === 'carried_over'
        ? Number(row.previous_subtotal) + Number(row.previous_carried_in)
        : 0;
    const subtotal = Number(row.subtotal);
    const { tax, total, status } = invoiceAmounts(subtotal, carriedIn);
    return {
      id: row.id,
      deliveries: Number(row.deliveries),
      // Prices are fixed when an ad is approved, so one ad's deliveries share one unit price.
      unit_price: Number(row.unit_price),
      subtotal,
      carried_in: carriedIn,
      tax,
      total,
      status,
    };
  });
  await tx.execute(
    sql`update invoices i
        set deliveries = v.deliveries, unit_price = v.unit_price, subtotal = v.subtotal,
            carried_in = v.carried_in, tax = v.tax, total = v.total, status = v.status
        from jsonb_to_recordset(${JSON.stringify(amounts)}::jsonb) as v(
          id uuid, deliveries int, unit_price int, subtotal int, carried_in int, tax int, total int, status text)
        where i.id = v.id`,
  );
  return amounts.map((row) => row.id);
}
