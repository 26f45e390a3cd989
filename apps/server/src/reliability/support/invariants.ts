import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { MISBILLED_ADS_SQL } from '../../domain/billing/misbilled-ads.ts';
import { computeAdDayFigures } from '../../domain/figures/compute-ad-figures.ts';
import { adFiguresThrough } from '../../domain/figures/read-ad-day-figures.ts';
import { findLedgerMismatches } from '../../domain/points/ledger.ts';

/** Each query lists rows that break one invariant; every list must be empty. */
const violations = {
  'a negative balance': sql`select id, points from users where points < 0`,
  'more deliveries than the cap, or slots whose room differs from the cap minus the deliveries': sql`
    select a.id, a.max_deliveries, d.delivered, s.room
    from ads a
    cross join lateral (select count(*)::int as delivered from ad_deliveries where ad_id = a.id) d
    cross join lateral (select sum(remaining)::int as room from ad_delivery_slots where ad_id = a.id) s
    where d.delivered > a.max_deliveries
       or (a.status = 'approved' and s.room is distinct from a.max_deliveries - d.delivered)`,
  'an active ad at its cap': sql`select id from ads where is_active and not qp_ad_has_room(id)`,
  'day slots whose shares differ from the daily budget of their approved ad': sql`
    select a.id, a.daily_budget, s.shares
    from ads a
    cross join lateral (select sum(allowance)::int as shares from ad_day_slots where ad_id = a.id) s
    where a.status = 'approved' and s.shares is distinct from a.daily_budget`,
  'a delivery without its response row': sql`
    select d.id from ad_deliveries d
    where not exists (select 1 from quiz_responses r where r.ad_id = d.ad_id and r.user_id = d.user_id)`,
  'a response row without its delivery': sql`
    select r.id from quiz_responses r
    where r.ad_id is not null
      and not exists (select 1 from ad_deliveries d where d.ad_id = r.ad_id and d.user_id = r.user_id)`,
  'an ad reward without its ledger row, or the other way round': sql`
    select coalesce(r.user_id, t.user_id) as user_id, coalesce(r.ad_id::text, t.ref) as ad
    from (select * from quiz_responses where ad_id is not null and reward_given) r
    full join (select * from point_transactions where reason = 'ad_quiz') t
      on t.user_id = r.user_id and t.ref = r.ad_id::text
    where r.id is null or t.id is null or t.points <> r.points_awarded`,
  'a daily-quiz reward without its ledger row, or the other way round': sql`
    select coalesce(r.user_id, t.user_id) as user_id
    from (select * from quiz_responses where daily_quiz_id is not null and reward_given) r
    full join (select * from point_transactions where reason = 'daily_quiz') t
      on t.user_id = r.user_id and t.ref = r.daily_quiz_id
    where r.id is null or t.id is null`,
  'a gift request without exactly its debit (and, when rejected, its refund)': sql`
    select g.id, g.status,
      (select count(*) from point_transactions t where t.ref = g.id::text and t.reason = 'gift_request' and t.points = -g.points_used)::int as debits,
      (select count(*) from point_transactions t where t.ref = g.id::text and t.reason = 'gift_refund' and t.points = g.points_used)::int as refunds
    from gift_requests g
    where (select count(*) from point_transactions t where t.ref = g.id::text and t.reason = 'gift_request' and t.points = -g.points_used) <> 1
       or (select count(*) from point_transactions t where t.ref = g.id::text and t.reason = 'gift_refund') <> (case when g.status = 'rejected' then 1 else 0 end)`,
  'a gift debit without its request': sql`
    select t.id from point_transactions t
    where t.reason in ('gift_request', 'gift_refund')
      and not exists (select 1 from gift_requests g where g.id::text = t.ref)`,
  'an ad whose invoices do not bill every delivery before the last one’s end exactly once':
    sql.raw(MISBILLED_ADS_SQL),
  'an invoice whose stretch does not follow its ad’s previous invoice, or holds other than it counted': sql`
    select i.id from invoices i
    where i.stretch_deliveries is not null and i.billed_from is not null and (
      exists (select 1 from invoices p where p.ad_id = i.ad_id and p.period < i.period
              and p.stretch_deliveries is not null and p.billed_until > i.billed_from)
      or i.stretch_deliveries > (select count(*) from ad_deliveries d where d.ad_id = i.ad_id
                                 and d.delivered_at >= i.billed_from and d.delivered_at < i.billed_until))`,
  // No foreign key checks ad_deliveries.invoice_id (migration 0020); this does instead.
  'a delivery claimed by an invoice that does not exist': sql`
    select d.id from ad_deliveries d
    where d.invoice_id is not null and not exists (select 1 from invoices i where i.id = d.invoice_id)`,
  'a rolled-up day of an ad whose figures differ from its raw rows': sql`
    select coalesce(f.ad_id::text, r."adId") as ad, coalesce(f.day, r.day) as day
    from (select f.*, (select coalesce(jsonb_agg(jsonb_build_object(
                         'gender', u.gender, 'ageBand', u.age_band, 'deliveries', u.deliveries,
                         'answers', u.answers, 'correct', u.correct) order by u.gender, u.age_band), '[]'::jsonb)
                       from ad_day_audiences u where u.ad_id = f.ad_id and u.day = f.day) as audiences
          from ad_day_figures f where f.day <= ${adFiguresThrough}) f
    full join (${computeAdDayFigures({
      ads: sql`select id from ads`,
      from: sql`'-infinity'::timestamptz`,
      until: sql`((${adFiguresThrough} + 1)::timestamp at time zone 'Asia/Tokyo')`,
    })}) r on r."adId"::uuid = f.ad_id and r.day = f.day
    where f.ad_id is null or r."adId" is null
       or (f.deliveries, f.spend, f.max_unit_price, f.answers, f.correct, f.answer_ms, f.option_answers,
           f.answer_seconds, f.audiences)
          is distinct from (r.deliveries, r.spend, r."maxUnitPrice", r.answers, r.correct, r."answerMs",
                            r."optionAnswers", r."answerSeconds", r.audiences)`,
  "an ad's totals that differ from the sum of its rolled-up days": sql`
    select coalesce(t.ad_id, d.ad_id) as ad
    from ad_figure_totals t
    full join (select ad_id, sum(deliveries) as deliveries, sum(spend) as spend
               from ad_day_figures where deliveries > 0 group by ad_id) d on d.ad_id = t.ad_id
    where (t.deliveries, t.spend) is distinct from (d.deliveries, d.spend)`,
};

/**
 * The invariants every suite checks after its bursts, faults or restores: the ledger matches
 * every balance, the books balance (balances = points issued − points used), and nothing is
 * half-done (a delivery without its response row, points without a ledger row, …).
 */
export async function expectInvariants(db: Executor) {
  expect(await findLedgerMismatches(db), 'balances that differ from their ledger').toEqual([]);
  const [books] = await queryRows<{ balances: number; issued: number; used: number }>(
    db,
    sql`select
          (select coalesce(sum(points), 0) from users)::bigint as balances,
          (select coalesce(sum(points), 0) from point_transactions where points > 0)::bigint as issued,
          (select coalesce(-sum(points), 0) from point_transactions where points < 0)::bigint as used`,
  );
  expect(Number(books!.balances), 'balances = issued − used').toBe(
    Number(books!.issued) - Number(books!.used),
  );
  for (const [name, query] of Object.entries(violations)) {
    expect(await queryRows(db, query), name).toEqual([]);
  }
}
