import {
  ADVERTISER_ADS_PAGE_SIZE,
  type AdListSort,
  type AdListState,
  type AdvertiserAdRow,
  type AdvertiserAdsPage,
  type AdvertiserAdsParsedQuery,
  adListStates,
  firstOrderOf,
} from '@quiz-points/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ads } from '../../db/schema.ts';
import { adAnswersOverLife } from '../figures/ad-answers-over-life.ts';
import { adDeliveriesSince } from '../figures/ad-deliveries-since.ts';
import { type AdUsage, toAdvertiserAd } from './to-advertiser-ad.ts';

/** Each ad's deliveries and spend over its whole life (`ads` a query whose column `id` lists them). */
async function usageOf(db: Executor, adsQuery: SQL): Promise<Map<string, AdUsage>> {
  const rows = await queryRows<{ adId: string; deliveries: string | number; spend: string | number }>(
    db,
    sql`select ad_id::text as "adId", deliveries, spend from (${adDeliveriesSince({ ads: adsQuery, since: null })}) u`,
  );
  return new Map(
    rows.map((row) => [row.adId, { deliveryCount: Number(row.deliveries), spend: Number(row.spend) }]),
  );
}

const unused: AdUsage = { deliveryCount: 0, spend: 0 };

/**
 * Where an ad of `mine` stands (adListStates): its review until approved; then stopped, paused, held
 * for another reason, before or after its window, or delivering — as the web's deliveryBadge reads
 * an ad (a window's days are Japan-time midnights, so "today is before the start day" is "now is
 * before starts_at").
 */
const stateOf = sql`case
  when m.status <> 'approved' then m.status
  when not m.is_active then 'stopped'
  when 'paused' = any(m.holds) then 'paused'
  when cardinality(m.holds) > 0 then 'held'
  when m.starts_at > now() then 'scheduled'
  when m.ends_at <= now() then 'expired'
  else 'delivering'
end`;

/** What each column sorts by (a column of `listed`); the correct rate of an ad without answers is none. */
const sortKeys: Record<AdListSort, SQL> = {
  created: sql`created_at`,
  title: sql`ad_title collate "C"`,
  status: sql`array_position(${sql.raw(`array[${adListStates.map((state) => `'${state}'`).join(', ')}]`)}, state)`,
  spend: sql`spend`,
  deliveries: sql`deliveries`,
  answers: sql`answers`,
  correctRate: sql`correct::numeric / nullif(answers, 0)`,
  window: sql`starts_at`,
};

function orderBy(sort: AdListSort, order: 'asc' | 'desc'): SQL {
  const direction = sql.raw(order === 'asc' ? 'asc' : 'desc');
  // A window with no start (from its approval) sorts with the others by its end.
  const then = sort === 'window' ? sql`, ends_at ${direction} nulls last` : sql``;
  return sql`${sortKeys[sort]} ${direction} nulls last${then}, created_at desc, id desc`;
}

/** `text` found anywhere in a title, whatever its case: % and _ are themselves, not wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

interface PageFigures {
  counts: Partial<Record<AdListState, number>>;
  totals: AdvertiserAdsPage['totals'] & { total: number };
  page: {
    id: string;
    deliveries: number;
    spend: number;
    answers: number;
    correct: number;
    state: AdListState;
  }[];
}

/**
 * ads-status, the ads table: one page of the advertiser's own ads, searched by title,
 * filtered by where they stand and sorted by a column (newest first unless asked), each with its
 * deliveries, spend and answers over its whole life, and the totals and state counts the page shows.
 * The figures are the maintained per-ad ones (domain/figures): deliveries and spend one totals row
 * per ad, answers summed over the ad's rolled-up days, today live. Summing answers reads every day of
 * an ad, so it is done for the page's 50 ads only, unless the table is sorted by answers; all of it is
 * sorted and counted in the database in one statement, then the page's ads are read whole.
 */
export async function listAdvertiserAds(options: {
  db: Executor;
  advertiserId: string;
  query?: AdvertiserAdsParsedQuery;
}): Promise<AdvertiserAdsPage> {
  const { db, advertiserId, query = {} } = options;
  const sort = query.sort ?? 'created';
  const order = query.order ?? firstOrderOf(sort);
  const page = query.page ?? 1;
  const search = query.q ? sql`and ad_title ilike ${containing(query.q)} escape '\\'` : sql``;
  const filter = query.status ? sql`where state = ${query.status}` : sql``;
  const sortedByAnswers = sort === 'answers' || sort === 'correctRate';
  const answersOfAll = sortedByAnswers
    ? sql`answered as materialized (${adAnswersOverLife({ ads: sql`select id from mine` })}),`
    : sql``;
  const answerColumns = sortedByAnswers
    ? sql`, coalesce(x.answers, 0) as answers, coalesce(x.correct, 0) as correct`
    : sql``;
  const answersJoin = sortedByAnswers ? sql`left join answered x on x.ad_id = m.id` : sql``;
  const [figures] = await queryRows<PageFigures>(
    db,
    sql`with mine as materialized (
          select id, ad_title, status, is_active, holds, starts_at, ends_at, created_at
          from ads where advertiser_id = ${advertiserId} ${search}),
        usage as materialized (${adDeliveriesSince({ ads: sql`select id from mine`, since: null })}),
        ${answersOfAll}
        listed as materialized (
          select m.id, m.ad_title, m.created_at, m.starts_at, m.ends_at, ${stateOf} as state,
                 coalesce(u.deliveries, 0) as deliveries, coalesce(u.spend, 0) as spend ${answerColumns}
          from mine m
          left join usage u on u.ad_id = m.id
          ${answersJoin}),
        matching as (select * from listed ${filter}),
        shown as materialized (
          select id, state, deliveries, spend, row_number() over (order by ${orderBy(sort, order)}) as n
          from matching
          order by ${orderBy(sort, order)}
          limit ${ADVERTISER_ADS_PAGE_SIZE} offset ${(page - 1) * ADVERTISER_ADS_PAGE_SIZE}),
        shown_answers as materialized (${adAnswersOverLife({ ads: sql`select id from shown` })})
        select
          (select coalesce(jsonb_object_agg(state, n), '{}'::jsonb)
           from (select state, count(*) as n from listed group by state) c) as counts,
          (select jsonb_build_object('total', count(*), 'deliveries', coalesce(sum(deliveries), 0),
                                     'spend', coalesce(sum(spend), 0))
           from matching) as totals,
          (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'state', s.state, 'deliveries', s.deliveries,
                                                        'spend', s.spend, 'answers', coalesce(a.answers, 0),
                                                        'correct', coalesce(a.correct, 0))
                                     order by s.n), '[]'::jsonb)
           from shown s left join shown_answers a on a.ad_id = s.id) as page`,
  );
  const { counts, totals, page: listed } = figures!;
  const rows =
    listed.length === 0
      ? []
      : await db
          .select()
          .from(ads)
          .where(
            inArray(
              ads.id,
              listed.map((row) => row.id),
            ),
          );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const adRows: AdvertiserAdRow[] = listed.map(({ id, state, deliveries, spend, answers, correct }) => ({
    ...toAdvertiserAd(byId.get(id)!, { deliveryCount: deliveries, spend }),
    state,
    answers,
    correct,
  }));
  const { total, ...sums } = totals;
  return {
    ads: adRows,
    page,
    pageSize: ADVERTISER_ADS_PAGE_SIZE,
    total,
    totals: sums,
    counts: Object.fromEntries(adListStates.map((state) => [state, counts[state] ?? 0])) as Record<
      AdListState,
      number
    >,
  };
}

/** One ad's deliveries so far and what they cost, before tax. */
export async function adUsage(db: Executor, adId: string): Promise<AdUsage> {
  const usage = await usageOf(db, sql`select ${adId}::uuid as id`);
  return usage.get(adId) ?? unused;
}

/**
 * Every slot of an ad (its delivery slots, then its day slots) locked, before its row: a cap or daily
 * budget change, a pause or an end meets no click half-way.
 */
export async function lockAdSlots(tx: Executor, adId: string) {
  await tx.execute(sql`select qp_lock_ad_slots(${adId}::uuid)`);
}
