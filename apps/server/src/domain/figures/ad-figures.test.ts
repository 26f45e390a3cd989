import { addDays, ageBandOf, ageOn, japanDayStart, japanIsoDate } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Executor, openPostgres } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adFigureTotals, users } from '../../db/schema.ts';
import { createAd, createAdvertiser, memberWithSession } from '../../test/factories.ts';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
  useTestDatabase,
} from '../../test/test-database.ts';
import { japanMonthStartOf } from '../admin-advertisers/advertiser-summary.ts';
import { getAdvertiserOverview } from '../admin-advertisers/get-advertiser-overview.ts';
import { answerAdQuiz } from '../ads/answer-ad-quiz.ts';
import { clickAd } from '../ads/click-ad.ts';
import { getAdReport } from '../advertisers/get-ad-report.ts';
import { listAdvertiserAds } from '../advertisers/list-advertiser-ads.ts';
import { getMonthSpend } from '../billing/get-month-spend.ts';
import { type AdDayFigures, type AudienceFigures, computeAdDayFigures } from './compute-ad-figures.ts';
import { readAdDayFigures } from './read-ad-day-figures.ts';
import { rollUpAdFigures } from './roll-up-ad-figures.ts';

const WAIT_SECONDS = 30;
const rateLimit = { limit: 100_000, windowSeconds: 60 };
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A small deterministic random source, so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * below);
  };
}

interface Member {
  id: string;
  token: string;
  gender: 'male' | 'female' | 'other' | null;
  birthDate: string;
}

interface Delivery {
  adId: string;
  at: Date;
  unitPrice: number;
  gender: string;
  ageBand: string;
}

/**
 * What the figures must say, kept in the test from the clicks and answers it made: deliveries on
 * the Japan-time day of the click, answers on the day of the answer, each in its delivery's audience
 * (the member's profile at the click).
 */
class Expected {
  private days = new Map<string, AdDayFigures>();

  private day(adId: string, at: Date) {
    const key = `${adId}|${japanIsoDate(at)}`;
    let day = this.days.get(key);
    if (!day) {
      day = {
        adId,
        day: japanIsoDate(at),
        deliveries: 0,
        spend: 0,
        maxUnitPrice: null,
        answers: 0,
        correct: 0,
        optionAnswers: {},
        answerMs: 0,
        answerSeconds: {},
        audiences: [],
      };
      this.days.set(key, day);
    }
    return day;
  }

  private audience(day: AdDayFigures, delivery: Delivery): AudienceFigures {
    let audience = day.audiences.find((a) => a.gender === delivery.gender && a.ageBand === delivery.ageBand);
    if (!audience) {
      audience = {
        gender: delivery.gender,
        ageBand: delivery.ageBand,
        deliveries: 0,
        answers: 0,
        correct: 0,
      };
      day.audiences.push(audience);
      day.audiences.sort((a, b) =>
        a.gender === b.gender ? (a.ageBand < b.ageBand ? -1 : 1) : a.gender < b.gender ? -1 : 1,
      );
    }
    return audience;
  }

  delivered(delivery: Delivery) {
    const day = this.day(delivery.adId, delivery.at);
    day.deliveries += 1;
    day.spend += delivery.unitPrice;
    day.maxUnitPrice = Math.max(day.maxUnitPrice ?? 0, delivery.unitPrice);
    this.audience(day, delivery).deliveries += 1;
  }

  answered(delivery: Delivery, at: Date, option: number, isCorrect: boolean) {
    const day = this.day(delivery.adId, at);
    const ms = at.getTime() - delivery.at.getTime();
    const second = String(Math.floor(ms / 1000));
    day.answers += 1;
    day.correct += isCorrect ? 1 : 0;
    day.answerMs += ms;
    day.optionAnswers[option] = (day.optionAnswers[option] ?? 0) + 1;
    day.answerSeconds[second] = (day.answerSeconds[second] ?? 0) + 1;
    const audience = this.audience(day, delivery);
    audience.answers += 1;
    audience.correct += isCorrect ? 1 : 0;
  }

  of(adId: string) {
    return [...this.days.values()]
      .filter((day) => day.adId === adId)
      .sort((a, b) => (a.day < b.day ? -1 : 1));
  }
}

/** Every ad's figures recomputed from the raw rows over a stretch, by the one definition. */
async function recompute(db: Executor, from: Date, until: Date) {
  const rows = await queryRows<AdDayFigures & { day: string }>(
    db,
    sql`select "adId", day::text as day, deliveries, spend, "maxUnitPrice", answers, correct,
               "answerMs", "optionAnswers", "answerSeconds", audiences
        from (${computeAdDayFigures({
          ads: sql`select id from ads`,
          from: sql`${from.toISOString()}::timestamptz`,
          until: sql`${until.toISOString()}::timestamptz`,
        })}) f`,
  );
  return rows.map((row) => ({ ...row, answerMs: Number(row.answerMs) }));
}

describe.each(databaseKinds())('ad figures agree with the raw rows on %s', (kind) => {
  let database: TestDatabase;
  /** A second connection pool on PostgreSQL: the job's second instance. */
  let second: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    if (database.url) second = await openPostgres(database.url, 5);
  });
  afterAll(async () => {
    await second?.close();
    await database.close();
  });

  it('after bursts of clicks and answers across a Japan-time midnight, rolled up by two instances at once', async () => {
    const { db } = database;
    const random = randomSource(kind === 'postgres' ? 27 : 11);
    const memberCount = kind === 'postgres' ? 48 : 12;
    // Today's Japan-time midnight: sessions made now are valid around it.
    const today = japanIsoDate(new Date());
    const midnight = japanDayStart(today);
    const days = [addDays(today, -1), today, addDays(today, 1)];

    const advertiser = await createAdvertiser(db);
    const adList = await Promise.all(
      [30, 45, 60, 120].map((unitPrice) =>
        createAd(db, {
          advertiserId: advertiser.id,
          unitPrice,
          maxDeliveries: 1000,
          quizOptions: ['A', 'B', 'C', 'D'],
        }),
      ),
    );
    const genders = ['male', 'female', 'other', null] as const;
    const members: Member[] = [];
    for (let i = 0; i < memberCount; i++) {
      const profile = { gender: genders[i % 4]!, birthDate: `${1950 + ((i * 7) % 50)}-0${1 + (i % 9)}-15` };
      members.push({ ...(await memberWithSession(db, profile)), ...profile });
    }

    const expected = new Expected();
    const unanswered: { member: Member; delivery: Delivery }[] = [];

    /** Every member clicks one ad near `at` (member i the ad i + round), all at once; most answer later. */
    const round = async (index: number, at: Date) => {
      const clicks = members.map((member, i) => {
        const ad = adList[(i + index) % adList.length]!;
        const clickAt = new Date(at.getTime() + random(60_000));
        return { member, ad, clickAt };
      });
      const clicked = await Promise.all(
        clicks.map(({ member, ad, clickAt }) =>
          clickAd({
            db,
            sessionToken: member.token,
            adId: ad.id,
            waitSeconds: WAIT_SECONDS,
            rateLimit,
            now: clickAt,
          }),
        ),
      );
      for (const [i, { member, ad, clickAt }] of clicks.entries()) {
        if (!clicked[i]!.delivered) continue;
        const delivery: Delivery = {
          adId: ad.id,
          at: clickAt,
          unitPrice: ad.unitPrice,
          gender: member.gender ?? 'unknown',
          ageBand: ageBandOf(ageOn(member.birthDate, clickAt)),
        };
        expected.delivered(delivery);
        unanswered.push({ member, delivery });
      }
      await answerSome(0.8, at);
    };

    /**
     * A share of those who clicked and have not answered answer, all at once, 30 s to 10 min after
     * their click but not before `notBefore` (the simulated clock: no answer is stamped in a day
     * that has closed already).
     */
    const answerSome = async (share: number, notBefore: Date) => {
      const answering = unanswered.filter(() => random(100) < share * 100);
      const graded = await Promise.all(
        answering.map(({ member, delivery }) => {
          const option = 1 + random(4);
          const answerAt = new Date(
            Math.max(notBefore.getTime(), delivery.at.getTime() + WAIT_SECONDS * 1000 + random(570_000)),
          );
          return answerAdQuiz({
            db,
            sessionToken: member.token,
            adId: delivery.adId,
            input: { option },
            waitSeconds: WAIT_SECONDS,
            rateLimit,
            now: answerAt,
          }).then((result) => ({ option, answerAt, result }));
        }),
      );
      for (const [i, { delivery }] of answering.entries()) {
        const { option, answerAt, result } = graded[i]!;
        expected.answered(delivery, answerAt, option, result.isCorrect);
        unanswered.splice(unanswered.indexOf(answering[i]!), 1);
      }
    };

    /**
     * Every console read agrees with what was done: the report's days, and the deliveries, spend and
     * prices of the ads list, the billing page and the admin's overview (their month is the one
     * `now`, the simulated clock, falls in).
     */
    const expectConsolePathAgrees = async (now: Date) => {
      const monthStart = japanIsoDate(japanMonthStartOf(now));
      const [list, billing, overview] = await Promise.all([
        listAdvertiserAds({ db, advertiserId: advertiser.id }),
        getMonthSpend(db, advertiser.id, now),
        getAdvertiserOverview({ db, userId: advertiser.id, now }),
      ]);
      let monthSpend = 0;
      for (const ad of adList) {
        const read = await readAdDayFigures({ db, adId: ad.id, from: days[0]!, to: days[2]! });
        const all = expected.of(ad.id);
        expect(read, `ad ${ad.unitPrice} yen`).toEqual(all);
        const month = all.filter((day) => day.day >= monthStart);
        const sum = (of: AdDayFigures[], key: 'deliveries' | 'spend' | 'answers' | 'correct') =>
          of.reduce((n, day) => n + day[key], 0);
        monthSpend += sum(month, 'spend');
        expect(list.ads.find((listed) => listed.id === ad.id)).toMatchObject({
          deliveryCount: sum(all, 'deliveries'),
          spend: sum(all, 'spend'),
          answers: sum(all, 'answers'),
          correct: sum(all, 'correct'),
        });
        expect(overview.ads.find((shown) => shown.id === ad.id)).toMatchObject({
          deliveries: sum(all, 'deliveries'),
          monthDeliveries: sum(month, 'deliveries'),
        });
        expect(billing.ads.find((billed) => billed.adId === ad.id)).toEqual(
          sum(month, 'deliveries') === 0
            ? undefined
            : expect.objectContaining({
                deliveries: sum(month, 'deliveries'),
                subtotal: sum(month, 'spend'),
                unitPrice: ad.unitPrice,
              }),
        );
      }
      expect(overview.advertiser.monthSpend).toBe(monthSpend);
      expect(billing.subtotal).toBe(monthSpend);
    };

    // Rounds 30, 12 and 2 minutes before midnight (answers of the last one cross it), 3 and 25 after.
    await round(0, new Date(midnight.getTime() - 30 * MINUTE));
    await round(1, new Date(midnight.getTime() - 12 * MINUTE));
    // Some members change their profile: deliveries made before keep the old one.
    for (const member of members.filter((_, i) => i % 5 === 0)) {
      member.gender = member.gender === 'male' ? 'female' : 'male';
      member.birthDate = '1999-12-31';
      await db
        .update(users)
        .set({ gender: member.gender, birthDate: member.birthDate })
        .where(eq(users.id, member.id));
    }
    await round(2, new Date(midnight.getTime() - 2 * MINUTE));
    await round(3, new Date(midnight.getTime() + 3 * MINUTE));
    await round(4, new Date(midnight.getTime() + 25 * MINUTE));
    expect(expected.of(adList[0]!.id).map((day) => day.day)).toEqual([days[0], days[1]]);
    await expectConsolePathAgrees(new Date(midnight.getTime() + 60 * MINUTE));

    // Both days closed (00:11 the day after today); two instances of the job at once.
    const rollUpAt = new Date(midnight.getTime() + DAY + 11 * MINUTE);
    const runs = await Promise.all([
      rollUpAdFigures({ db, now: rollUpAt }),
      rollUpAdFigures({ db: second?.db ?? db, now: rollUpAt }),
    ]);
    expect(runs.flatMap((run) => run.days).sort()).toEqual([days[0], days[1]]);
    await expectConsolePathAgrees(rollUpAt);
    const rolled = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ad_day_figures`);
    expect(rolled[0]!.n).toBe(adList.flatMap((ad) => expected.of(ad.id)).length);

    // The open day: new clicks, and answers now to deliveries of closed days.
    await answerSome(0.5, new Date(midnight.getTime() + DAY + 20 * MINUTE));
    await round(5, new Date(midnight.getTime() + DAY + 30 * MINUTE));
    await expectConsolePathAgrees(new Date(midnight.getTime() + DAY + 60 * MINUTE));

    // The stored days equal the raw rows recomputed, and the totals their sums.
    const closedUntil = japanDayStart(days[2]!);
    const stored = await Promise.all(
      adList.map((ad) => readAdDayFigures({ db, adId: ad.id, from: days[0]!, to: days[1]! })),
    );
    const byAdAndDay = (a: AdDayFigures, b: AdDayFigures) => (a.adId + a.day < b.adId + b.day ? -1 : 1);
    expect(stored.flat().sort(byAdAndDay)).toEqual(
      (await recompute(db, japanDayStart(days[0]!), closedUntil)).sort(byAdAndDay),
    );
    const totals = await db.select().from(adFigureTotals);
    for (const ad of adList) {
      const closed = expected.of(ad.id).filter((day) => day.day <= days[1]!);
      expect(totals.find((row) => row.adId === ad.id)).toEqual({
        adId: ad.id,
        deliveries: closed.reduce((sum, day) => sum + day.deliveries, 0),
        spend: closed.reduce((sum, day) => sum + day.spend, 0),
      });
    }

    // The report's times: the median and 90th percentile over whole seconds equal percentile_cont
    // over the raw rows' whole seconds, the average the raw rows' exact one (to 0.1 s).
    for (const ad of adList) {
      const report = await getAdReport({
        db,
        owner: { userId: advertiser.id },
        adId: ad.id,
        query: { from: days[0]!, to: days[2]! },
      });
      const [raw] = await queryRows<{ median: number; p90: number; average: string }>(
        db,
        sql`select percentile_cont(0.5) within group (order by floor(taken)) as median,
                   percentile_cont(0.9) within group (order by floor(taken)) as p90,
                   avg(taken) as average
            from (select extract(epoch from answered_at - clicked_at) as taken
                  from quiz_responses where ad_id = ${ad.id} and answered_at is not null) r`,
      );
      const tenth = (value: number | string) => Math.round(Number(value) * 10) / 10;
      expect(report.secondsToAnswer).toEqual({
        median: tenth(raw!.median),
        average: tenth(raw!.average),
        p90: tenth(raw!.p90),
      });
      expect(report.answers).toBe(expected.of(ad.id).reduce((sum, day) => sum + day.answers, 0));
    }

    // The next day closes: written once more, and everything still agrees.
    const next = await rollUpAdFigures({ db, now: new Date(midnight.getTime() + 2 * DAY + 11 * MINUTE) });
    expect(next.days).toEqual([days[2]]);
    await expectConsolePathAgrees(new Date(midnight.getTime() + 2 * DAY + 11 * MINUTE));
  }, 120_000);
});

// A database of its own: the suite above rolls up days through tomorrow, and a day once written is
// never read from the raw rows again.
describe.each(databaseKinds())("a delivery's audience on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("is the member's profile at the click, whatever they change or withdraw later", async () => {
    const { db } = database;
    const advertiser = await createAdvertiser(db);
    const ad = await createAd(db, { advertiserId: advertiser.id });
    const at = new Date();
    const people = await Promise.all(
      Array.from({ length: 5 }, () => memberWithSession(db, { gender: 'female', birthDate: '1990-06-01' })),
    );
    for (const person of people) {
      await clickAd({
        db,
        sessionToken: person.token,
        adId: ad.id,
        waitSeconds: WAIT_SECONDS,
        rateLimit,
        now: at,
      });
    }
    // They change their profile afterwards; one withdraws.
    for (const person of people) {
      await db.update(users).set({ gender: 'male', birthDate: '1960-01-01' }).where(eq(users.id, person.id));
    }
    await db.update(users).set({ withdrawnAt: new Date(), gender: null }).where(eq(users.id, people[0]!.id));
    const day = japanIsoDate(at);
    const report = await getAdReport({
      db,
      owner: { userId: advertiser.id },
      adId: ad.id,
      query: { from: day, to: day },
    });
    expect(report.breakdown).toEqual([
      {
        gender: 'female',
        ageBand: ageBandOf(ageOn('1990-06-01', at)),
        deliveries: 5,
        answers: 0,
        correctRate: null,
      },
    ]);
  });
});
