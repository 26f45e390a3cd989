/**
 * The monthly billing's rule as a check (decision 034): each ad's invoices bill every delivery before
 * the last one's end exactly once, in count and in yen (an invoice bills its stretch of time plus the
 * late deliveries of the one before; one written before migration 0023 claimed them by invoice_id).
 * The ids of the ads that break it, as plain SQL text with nothing imported, so the reliability suites
 * (reliability/support/invariants.ts) and the scale bench (bench/scale/build-database.mjs) run the
 * same query.
 */
export const MISBILLED_ADS_SQL = `
  select b.ad_id as id from (
    select i.ad_id, max(i.billed_until) as until, sum(i.deliveries) as deliveries, sum(i.subtotal) as subtotal
    from invoices i group by i.ad_id
  ) b
  cross join lateral (
    select count(*) as deliveries, coalesce(sum(d.unit_price), 0) as subtotal from ad_deliveries d
    where d.ad_id = b.ad_id and d.delivered_at < b.until
  ) r
  where b.until is not null and (b.deliveries, b.subtotal) is distinct from (r.deliveries, r.subtotal)`;
