import {
  type AdReport,
  type AdReportQuery,
  addDays,
  ageBands,
  consumptionTax,
  DomainError,
  eachDay,
  genders,
  japanIsoDate,
  REPORT_DEFAULT_DAYS,
  REPORT_MIN_GROUP,
} from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { japanDate } from '../../db/japan-time-sql.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { AdDayFigures, AudienceFigures } from '../figures/compute-ad-figures.ts';
import { readAdDayFigures } from '../figures/read-ad-day-figures.ts';
import { summarizeAnswerTimes } from '../figures/summarize-answer-times.ts';
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

const byGenderThenAge = (a: AudienceFigures, b: AudienceFigures) =>
  a.gender === b.gender ? (a.ageBand < b.ageBand ? -1 : 1) : a.gender < b.gender ? -1 : 1;

/** Adds counts keyed by a number ({"2": 5}) into a map. */
function addCounts(into: Map<number, number>, counts: Record<string, number>) {
  for (const [key, count] of Object.entries(counts))
    into.set(Number(key), (into.get(Number(key)) ?? 0) + count);
}

/** The range's days folded into its answers per option, times from click to answer, and audiences. */
function foldDays(rows: AdDayFigures[]) {
  const options = new Map<number, number>();
  const seconds = new Map<number, number>();
  const groups = new Map<string, AudienceFigures>();
  let answers = 0;
  let answerMs = 0;
  for (const row of rows) {
    addCounts(options, row.optionAnswers);
    addCounts(seconds, row.answerSeconds);
    answers += row.answers;
    answerMs += row.answerMs;
    for (const audience of row.audiences) {
      const key = `${audience.gender}/${audience.ageBand}`;
      const group = groups.get(key) ?? { ...audience, deliveries: 0, answers: 0, correct: 0 };
      group.deliveries += audience.deliveries;
      group.answers += audience.answers;
      group.correct += audience.correct;
      groups.set(key, group);
    }
  }
  return {
    options,
    times: summarizeAnswerTimes(seconds, answers, answerMs),
    groups: [...groups.values()].sort(byGenderThenAge),
  };
}

/**
 * The advertiser's report on one of their ads over a range of Japan-time days: per day deliveries
 * and spend (by the day of the click) and answers and correct answers (by the day of the answer);
 * the range's spend with its tax as an invoice rounds it; answers per option; time from click to
 * answer; and gender × age band as the members' profiles were at the click, with groups under
 * REPORT_MIN_GROUP people hidden so nobody can be singled out. Read from the ad's per-day figures
 * (domain/figures): the closed days rolled up, the open ones live.
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
  const rows = await readAdDayFigures({ db, adId, from, to });
  const figures = foldDays(rows);

  const byDate = new Map(rows.map((row) => [row.day, row]));
  const days = eachDay(from, to).map((date) => {
    const day = byDate.get(date);
    return {
      date,
      deliveries: day?.deliveries ?? 0,
      answers: day?.answers ?? 0,
      correct: day?.correct ?? 0,
      spend: day?.spend ?? 0,
    };
  });
  const total = (key: 'deliveries' | 'answers' | 'correct' | 'spend') =>
    days.reduce((sum, day) => sum + day[key], 0);
  const answers = total('answers');
  const correct = total('correct');
  const amount = total('spend');
  const tax = consumptionTax(amount);

  const groups = figures.groups;
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
      const count = figures.options.get(index + 1) ?? 0;
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
      ageBand: isAgeBand(g.ageBand) ? g.ageBand : 'unknown',
      deliveries: g.deliveries,
      answers: g.answers,
      correctRate: rate(g.correct, g.answers),
    })),
    hiddenGroups: groups.length - visible.length,
  };
}
