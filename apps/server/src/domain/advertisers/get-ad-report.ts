import {
  type AdReport,
  type AdReportQuery,
  addDays,
  ageBands,
  consumptionTax,
  eachDay,
  genders,
  japanDayStart,
  japanIsoDate,
  REPORT_DEFAULT_DAYS,
  REPORT_MIN_GROUP,
} from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inJapan, japanDate } from '../../db/japan-time-sql.ts';
import { queryRows } from '../../db/query-rows.ts';
import { DomainError } from '../domain-error.ts';
import type { AdOwner } from './owned-ad.ts';

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const seconds = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

const isGender = (value: string): value is (typeof genders)[number] =>
  (genders as readonly string[]).includes(value);
const isAgeBand = (value: string): value is (typeof ageBands)[number] =>
  (ageBands as readonly string[]).includes(value);

interface AdFacts {
  adTitle: string;
  unitPrice: number;
  quizOptions: string[];
  correctOption: number | null;
  /** The Japan-time day the ad began: its creation, or its first delivery if that is earlier. */
  beganOn: string;
}

interface Figures {
  days: { date: string; deliveries: number; answers: number; correct: number; spend: number }[];
  times: { median: number | null; average: number | null; p90: number | null };
  options: { option: number; answers: number }[];
  groups: { gender: string; age_band: string; deliveries: number; answers: number; correct: number }[];
}

/**
 * The range a report covers: the one asked for, else the last REPORT_DEFAULT_DAYS Japan-time days
 * up to today, starting no earlier than the day the ad began.
 */
function rangeOf(query: AdReportQuery, beganOn: string, now: Date) {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const to = japanIsoDate(now);
  const earliest = addDays(to, 1 - REPORT_DEFAULT_DAYS);
  const from = beganOn > to ? to : beganOn > earliest ? beganOn : earliest;
  return { from, to };
}

/**
 * Everything the report counts, in one statement over the range's deliveries (the ad's index on
 * (ad_id, delivered_at)), each joined to its person's response and profile once. An answer belongs
 * to the day of its delivery (the click), so a day's answers never exceed its deliveries.
 */
export function figuresStatement(adId: string, from: string, to: string) {
  const start = japanDayStart(from).toISOString();
  const end = japanDayStart(addDays(to, 1)).toISOString();
  return sql`with base as materialized (
          select ${japanDate(sql`d.delivered_at`)} as date, d.unit_price,
                 r.answered_at, r.selected_option, r.is_correct,
                 extract(epoch from r.answered_at - r.clicked_at)::float8 as seconds,
                 coalesce(u.gender, 'unknown') as gender,
                 extract(year from age(${inJapan(sql`d.delivered_at`)}::date, u.birth_date))::int as age
          from ad_deliveries d
          join users u on u.id = d.user_id
          left join quiz_responses r on r.ad_id = d.ad_id and r.user_id = d.user_id
          where d.ad_id = ${adId}
            and d.delivered_at >= ${start}::timestamptz and d.delivered_at < ${end}::timestamptz)
        select
          (select coalesce(json_agg(t order by t.date), '[]') from (
             select date, count(*) as deliveries, count(answered_at) as answers,
                    count(*) filter (where is_correct) as correct, sum(unit_price) as spend
             from base group by date) t) as days,
          (select json_build_object(
             'median', percentile_cont(0.5) within group (order by seconds),
             'p90', percentile_cont(0.9) within group (order by seconds),
             'average', avg(seconds))
           from base where answered_at is not null) as times,
          (select coalesce(json_agg(t), '[]') from (
             select selected_option as option, count(*) as answers
             from base where answered_at is not null group by selected_option) t) as options,
          (select coalesce(json_agg(t order by t.gender, t.age_band), '[]') from (
             select gender,
                    case when age is null then 'unknown' when age < 20 then '10s' when age >= 60 then '60s'
                         else (age / 10)::text || '0s' end as age_band,
                    count(*) as deliveries, count(answered_at) as answers,
                    count(*) filter (where is_correct) as correct
             from base group by 1, 2) t) as groups`;
}

async function figuresOf(db: Executor, adId: string, from: string, to: string): Promise<Figures> {
  const [row] = await queryRows<Figures>(db, figuresStatement(adId, from, to));
  return row!;
}

/**
 * The advertiser's report on one of their ads over a range of Japan-time days: per day deliveries,
 * answers, correct answers and spend; the range's spend with its tax as an invoice rounds it;
 * answers per option; time from click to answer; and gender × age band (at the time of the click)
 * with groups under REPORT_MIN_GROUP people hidden so nobody can be singled out.
 */
export async function getAdReport(options: {
  db: Executor;
  owner: AdOwner;
  adId: string;
  query: AdReportQuery;
  now?: Date;
}): Promise<AdReport> {
  const { db, adId, owner } = options;
  const [ad] = await queryRows<AdFacts>(
    db,
    sql`select a.ad_title as "adTitle", a.unit_price as "unitPrice", a.quiz_options as "quizOptions",
               q.correct_option_index as "correctOption",
               ${japanDate(sql`least(a.created_at, (select min(delivered_at) from ad_deliveries where ad_id = a.id))`)}
                 as "beganOn"
        from ads a left join quiz_answers q on q.ad_id = a.id
        where a.id = ${adId} and a.advertiser_id = ${owner.userId}`,
  );
  if (!ad) throw new DomainError('NOT_FOUND');
  const { from, to } = rangeOf(options.query, ad.beganOn, options.now ?? new Date());
  const figures = await figuresOf(db, adId, from, to);

  const byDate = new Map(figures.days.map((day) => [day.date, day]));
  const days = eachDay(from, to).map((date) => {
    const day = byDate.get(date);
    return {
      date,
      deliveries: Number(day?.deliveries ?? 0),
      answers: Number(day?.answers ?? 0),
      correct: Number(day?.correct ?? 0),
      spend: Number(day?.spend ?? 0),
    };
  });
  const total = (key: 'deliveries' | 'answers' | 'correct' | 'spend') =>
    days.reduce((sum, day) => sum + day[key], 0);
  const answers = total('answers');
  const correct = total('correct');
  const amount = total('spend');
  const tax = consumptionTax(amount);

  const chosen = new Map(figures.options.map((o) => [Number(o.option), Number(o.answers)]));
  const groups = figures.groups.map((g) => ({ ...g, deliveries: Number(g.deliveries) }));
  const visible = groups.filter((g) => g.deliveries >= REPORT_MIN_GROUP);
  return {
    adId,
    adTitle: ad.adTitle,
    from,
    to,
    unitPrice: ad.unitPrice,
    deliveries: total('deliveries'),
    answers,
    correct,
    correctRate: rate(correct, answers),
    wrongRate: rate(answers - correct, answers),
    spend: { amount, tax, total: amount + tax },
    secondsToAnswer: {
      median: seconds(figures.times.median),
      average: seconds(figures.times.average),
      p90: seconds(figures.times.p90),
    },
    days,
    options: ad.quizOptions.map((text, index) => {
      const count = chosen.get(index + 1) ?? 0;
      return {
        option: index + 1,
        text,
        isCorrect: ad.correctOption === index + 1,
        answers: count,
        share: rate(count, answers),
      };
    }),
    breakdown: visible.map((g) => ({
      gender: isGender(g.gender) ? g.gender : 'unknown',
      ageBand: isAgeBand(g.age_band) ? g.age_band : 'unknown',
      deliveries: g.deliveries,
      answers: Number(g.answers),
      correctRate: rate(Number(g.correct), Number(g.answers)),
    })),
    hiddenGroups: groups.length - visible.length,
  };
}
