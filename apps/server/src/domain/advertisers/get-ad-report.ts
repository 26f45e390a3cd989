import { type AdReport, ageBands, genders, REPORT_MIN_GROUP } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inJapan, japanDate } from '../../db/japan-time-sql.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ads } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';
import { type AdOwner, ownedBy } from './owned-ad.ts';

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Every Japan-time day from the first to the last, so the chart shows quiet days as 0. */
function fillDays(days: { date: string; deliveries: number }[]) {
  if (days.length === 0) return [];
  const byDate = new Map(days.map((d) => [d.date, d.deliveries]));
  const filled: { date: string; deliveries: number }[] = [];
  const last = Date.parse(`${days.at(-1)!.date}T00:00:00Z`);
  for (let t = Date.parse(`${days[0]!.date}T00:00:00Z`); t <= last; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    filled.push({ date, deliveries: byDate.get(date) ?? 0 });
  }
  return filled;
}

const isGender = (value: string): value is (typeof genders)[number] =>
  (genders as readonly string[]).includes(value);
const isAgeBand = (value: string): value is (typeof ageBands)[number] =>
  (ageBands as readonly string[]).includes(value);

/**
 * The advertiser's report on one of their ads: deliveries per day, answers, correct and wrong
 * rates, time from click to answer, and gender × age band (at the time of the click) with groups
 * under REPORT_MIN_GROUP people hidden so nobody can be singled out.
 */
export async function getAdReport(options: {
  db: Executor;
  owner: AdOwner;
  adId: string;
}): Promise<AdReport> {
  const { db, adId } = options;
  const [ad] = await db.select({ adTitle: ads.adTitle }).from(ads).where(ownedBy(adId, options.owner));
  if (!ad) throw new DomainError('NOT_FOUND');

  const perDay = await queryRows<{ date: string; deliveries: number }>(
    db,
    sql`select ${japanDate(sql`delivered_at`)} as date, count(*)::int as deliveries
        from ad_deliveries where ad_id = ${adId} group by 1 order by 1`,
  );

  const [totals] = await queryRows<{
    deliveries: number;
    answers: number;
    correct: number;
    median: number | null;
    average: number | null;
  }>(
    db,
    sql`select count(*)::int as deliveries,
               count(r.answered_at)::int as answers,
               count(*) filter (where r.is_correct)::int as correct,
               percentile_cont(0.5) within group (order by extract(epoch from r.answered_at - r.clicked_at))
                 filter (where r.answered_at is not null) as median,
               avg(extract(epoch from r.answered_at - r.clicked_at)) filter (where r.answered_at is not null) as average
        from ad_deliveries d
        left join quiz_responses r on r.ad_id = d.ad_id and r.user_id = d.user_id
        where d.ad_id = ${adId}`,
  );

  const groups = await queryRows<{
    gender: string;
    age_band: string;
    deliveries: number;
    answers: number;
    correct: number;
  }>(
    db,
    sql`with people as (
          select coalesce(u.gender, 'unknown') as gender,
                 extract(year from age(${inJapan(sql`d.delivered_at`)}::date, u.birth_date))::int as age,
                 r.answered_at, r.is_correct
          from ad_deliveries d
          join users u on u.id = d.user_id
          left join quiz_responses r on r.ad_id = d.ad_id and r.user_id = d.user_id
          where d.ad_id = ${adId})
        select gender,
               case when age is null then 'unknown' when age < 20 then '10s' when age >= 60 then '60s'
                    else (age / 10)::text || '0s' end as age_band,
               count(*)::int as deliveries,
               count(answered_at)::int as answers,
               count(*) filter (where is_correct)::int as correct
        from people group by 1, 2 order by 1, 2`,
  );

  const visible = groups.filter((g) => g.deliveries >= REPORT_MIN_GROUP);
  const deliveries = Number(totals?.deliveries ?? 0);
  const answers = Number(totals?.answers ?? 0);
  const correct = Number(totals?.correct ?? 0);
  const seconds = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return {
    adId,
    adTitle: ad.adTitle,
    deliveries,
    answers,
    correct,
    correctRate: rate(correct, answers),
    wrongRate: rate(answers - correct, answers),
    medianSecondsToAnswer: seconds(totals?.median),
    averageSecondsToAnswer: seconds(totals?.average),
    deliveriesByDay: fillDays(perDay.map((d) => ({ date: d.date, deliveries: Number(d.deliveries) }))),
    breakdown: visible.map((g) => ({
      gender: isGender(g.gender) ? g.gender : 'unknown',
      ageBand: isAgeBand(g.age_band) ? g.age_band : 'unknown',
      deliveries: Number(g.deliveries),
      answers: Number(g.answers),
      correctRate: rate(Number(g.correct), Number(g.answers)),
    })),
    hiddenGroups: groups.length - visible.length,
  };
}
