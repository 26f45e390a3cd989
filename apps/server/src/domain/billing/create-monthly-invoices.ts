import { invoiceAmounts } from '@quiz-points/shared';
import { type SQL, sql } from 'drizzle-orm';
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
 * each kind, small enough that a batch (some 150,000 deliveries summed at that size) commits in a
 * second or two and a crash loses one batch's work.
 */
export const INVOICE_BATCH_SIZE = 200;

/** Batches in flight at once: summing a batch's deliveries is one core's work, so two use two cores. */
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
 * Step 1 of the monthly run (docs/decisions/034-invoice-stretches.md): one invoice per ad for the
 * stretch of time from the end of its previous invoice (from its first delivery, for its first) to the end
 * of the Japan-time month before `now`, so a month the job missed is billed by the next run. The
 * invoice adds the late deliveries of the previous invoice's stretch: those committed into it after
 * that invoice was written. No delivery is written: the invoice sums what its stretch holds.
 *
 * Ads are invoiced in batches, each one transaction of three set-based statements: the invoices
 * inserted, the batch's deliveries summed, the amounts written (or an invoice with nothing to bill
 * removed). Two unique keys make it once-only: (ad, period), and (ad, billed_from), which stops two
 * runs that read the same previous invoice (for different months) from both billing what follows it.
 * A batch commits whole or not at all, so a run that stops (a crash, an error) is finished by the
 * next, which finds only the ads still unbilled. Runs at once meet on those keys: one inserts, the
 * others wait for its commit and leave the ad out; every batch inserts in ad-id order, so batches
 * never wait on each other in a circle.
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
 * Where an ad's next invoice starts, from its latest invoice `p`: that invoice's end (the end of its
 * month for an invoice written by hand without one); for an ad's first invoice, `first`.
 */
const startAfter = (first: SQL) => sql`coalesce(p.billed_until,
  (to_date(p.period, 'YYYYMM') + interval '1 month')::timestamp at time zone 'Asia/Tokyo', ${first})`;
/** The first delivery of the ad `a` (one index probe). */
const firstDelivery = sql`(select min(d.delivered_at) from ad_deliveries d where d.ad_id = a.id)`;
/** The latest invoice `p` of each ad `a`. */
const latestInvoice = sql`left join lateral (
    select i.period, i.billed_from, i.billed_until, i.stretch_deliveries from invoices i
    where i.ad_id = a.id order by i.period desc limit 1
  ) p on true`;

/**
 * The ads, in id order, that may have something to bill before `end`: a delivery after the start of
 * their previous invoice's stretch when that is checked for late ones, else after its end. One index
 * probe of the ad's latest invoice and one of its deliveries per ad (never a scan of the
 * deliveries); an ad found here with nothing to bill gets no invoice. House ads are never billed
 * (decision 012); that is decided by the ad, never by an address.
 */
async function findBillableAds(db: Database, end: Date): Promise<string[]> {
  const rows = await queryRows<{ ad_id: string }>(
    db,
    sql`select a.id as ad_id from ads a
        ${latestInvoice}
        where not a.is_house_ad
          and exists (
            select 1 from ad_deliveries d
            where d.ad_id = a.id and d.delivered_at < ${end.toISOString()}::timestamptz
              and d.delivered_at >= case when p.stretch_deliveries is not null then p.billed_from
                                         else ${startAfter(sql`'-infinity'::timestamptz`)} end)
        order by a.id`,
  );
  return rows.map((row) => row.ad_id);
}

interface SummedRow {
  id: string;
  deliveries: number;
  subtotal: number;
  unit_price: number | null;
  late_deliveries: number;
  late_subtotal: number;
  late_unit_price: number | null;
  previous_status: string | null;
  previous_subtotal: number | null;
  previous_carried_in: number | null;
}

async function invoiceBatch(
  tx: Tx,
  { adIds, period, end, issuer }: { adIds: string[]; period: string; end: Date; issuer: InvoiceIssuer },
): Promise<string[]> {
  const until = end.toISOString();
  // The invoices first, each starting where the ad's latest invoice ends: the unique (ad, period) and
  // (ad, billed_from) leave out every ad another run has invoiced (or is invoicing: this waits for its
  // commit). The qualified invoice's parties are kept as they are now: the invoice never changes
  // afterwards (recipient: the company name, else the display name).
  const inserted = await queryRows<{ id: string; ad_id: string; billed_from: string }>(
    tx,
    sql`insert into invoices (ad_id, advertiser_id, period, deliveries, subtotal, tax, total, status,
                              issuer_name, issuer_registration_number, recipient_name, recipient_address,
                              billed_from, billed_until)
        select a.id, u.id, ${period}, 0, 0, 0, 0, 'charging', ${issuer.name}, ${issuer.registrationNumber},
               coalesce(u.company_name, u.display_name, ''), u.company_address, s.start, ${until}::timestamptz
        from ads a
        join users u on u.id = a.advertiser_id
        ${latestInvoice}
        cross join lateral (select ${startAfter(firstDelivery)} as start) s
        where a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(adIds)}::jsonb))
          and not a.is_house_ad and s.start < ${until}::timestamptz
        order by a.id
        on conflict do nothing
        returning id, ad_id, billed_from`,
  );
  if (inserted.length === 0) return [];

  // What each invoice bills, summed from the deliveries: its stretch (no invoice before migration 0023
  // claimed any of it: those claimed only before their month's end, where it starts), and the late
  // deliveries of the previous invoice's stretch, what it holds now beyond what it held then: counted
  // from the index alone, summed only when there are some (`invoice_id is null` then leaves out what a
  // claiming invoice billed). With it, the previous invoice's carried-over amount (a bill under 50 yen),
  // absorbed here, and only here: this invoice is now the latest.
  const summed = await queryRows<SummedRow>(
    tx,
    sql`with batch as (
          select * from jsonb_to_recordset(${JSON.stringify(inserted)}::jsonb)
            as b(id uuid, ad_id uuid, billed_from timestamptz)
        )
        select b.id, s.deliveries, s.subtotal, s.unit_price,
               coalesce(l.deliveries - p.stretch_deliveries, 0) as late_deliveries,
               case when l.deliveries > p.stretch_deliveries then ls.subtotal - p.stretch_subtotal else 0 end
                 as late_subtotal, ls.unit_price as late_unit_price,
               p.status as previous_status, p.subtotal as previous_subtotal, p.carried_in as previous_carried_in
        from batch b
        cross join lateral (
          select count(*)::int as deliveries, coalesce(sum(d.unit_price), 0)::int as subtotal,
                 max(d.unit_price)::int as unit_price
          from ad_deliveries d
          where d.ad_id = b.ad_id and d.delivered_at >= b.billed_from and d.delivered_at < ${until}::timestamptz
        ) s
        left join lateral (
          select status, subtotal, carried_in, billed_from, billed_until, stretch_deliveries, stretch_subtotal
          from invoices where ad_id = b.ad_id and period < ${period}
          order by period desc limit 1
        ) p on true
        left join lateral (
          select count(*)::int as deliveries from ad_deliveries d
          where p.stretch_deliveries is not null and d.ad_id = b.ad_id
            and d.delivered_at >= p.billed_from and d.delivered_at < p.billed_until
        ) l on true
        left join lateral (
          select coalesce(sum(d.unit_price), 0)::int as subtotal, max(d.unit_price)::int as unit_price
          from ad_deliveries d
          where l.deliveries > p.stretch_deliveries and d.ad_id = b.ad_id
            and d.delivered_at >= p.billed_from and d.delivered_at < p.billed_until and d.invoice_id is null
        ) ls on true`,
  );

  const amounts = summed.map((row) => {
    const carriedIn =
      row.previous_status === 'carried_over'
        ? Number(row.previous_subtotal) + Number(row.previous_carried_in)
        : 0;
    const stretchDeliveries = Number(row.deliveries);
    const stretchSubtotal = Number(row.subtotal);
    const deliveries = stretchDeliveries + Number(row.late_deliveries);
    const subtotal = stretchSubtotal + Number(row.late_subtotal);
    const { tax, total, status } = invoiceAmounts(subtotal, carriedIn);
    return {
      id: row.id,
      deliveries,
      // Prices are fixed when an ad is approved, so one ad's deliveries share one unit price.
      unit_price: Math.max(Number(row.unit_price ?? 0), Number(row.late_unit_price ?? 0)),
      subtotal,
      carried_in: carriedIn,
      tax,
      total,
      status,
      stretch_deliveries: stretchDeliveries,
      stretch_subtotal: stretchSubtotal,
    };
  });
  // An ad found with nothing new to bill keeps its previous invoice as its latest.
  const empty = amounts.filter((row) => row.deliveries === 0).map((row) => row.id);
  const billed = amounts.filter((row) => row.deliveries > 0);
  if (empty.length > 0) {
    await tx.execute(
      sql`delete from invoices where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(empty)}::jsonb))`,
    );
  }
  if (billed.length === 0) return [];
  await tx.execute(
    sql`update invoices i
        set deliveries = v.deliveries, unit_price = v.unit_price, subtotal = v.subtotal,
            carried_in = v.carried_in, tax = v.tax, total = v.total, status = v.status,
            stretch_deliveries = v.stretch_deliveries, stretch_subtotal = v.stretch_subtotal
        from jsonb_to_recordset(${JSON.stringify(billed)}::jsonb) as v(
          id uuid, deliveries int, unit_price int, subtotal int, carried_in int, tax int, total int, status text,
          stretch_deliveries int, stretch_subtotal int)
        where i.id = v.id`,
  );
  return billed.map((row) => row.id);
}
