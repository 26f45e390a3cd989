import { DomainError, japanDayStart, japanIsoDate, messages } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickAd } from '../domain/ads/click-ad.ts';
import { listAdsForUser } from '../domain/ads/list-ads-for-user.ts';
import { setAdDailyBudget } from '../domain/advertisers/set-ad-daily-budget.ts';
import { createAd, memberWithSession } from '../test/factories.ts';
import {
  createTestDatabase,
  type DatabaseKind,
  databaseKinds,
  postgresKinds,
  type TestDatabase,
} from '../test/test-database.ts';
import type { Database } from './client.ts';
import { queryRows } from './query-rows.ts';
import { ads, authSessions, users } from './schema.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 00:00 Japan time today (15:00 UTC the day before), the clock the tests move from. */
const todayStart = japanDayStart(japanIsoDate(new Date()));
/** A minute before midnight Japan time (14:59 UTC, so the same UTC day as the next instant). */
const lateToday = new Date(todayStart.getTime() + 24 * HOUR - MINUTE);
/** Half a minute after midnight Japan time: the next Japan-time day. */
const earlyTomorrow = new Date(todayStart.getTime() + 24 * HOUR + MINUTE / 2);
const dayAfter = new Date(todayStart.getTime() + 48 * HOUR + HOUR);
/** A burst test's time: each fights over one ad's slots with more clicks than connections. */
const BURST_TIMEOUT = 120_000;
let memberSequence = 0;

/**
 * Daily budgets (migrations/0021_daily_budgets.sql): an ad's deliveries in one Japan-time
 * day never pass its daily budget, whatever clicks arrive at once, and the budget fills again at
 * midnight Japan time; the cap still holds over the days. `now` is the domain's injectable clock.
 */
function budgetSuite(kind: DatabaseKind, poolSize: number) {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, poolSize);
  });
  afterAll(() => database.close());
  const db = (): Database => database.db;

  /** `count` members with live sessions, as memberWithSession makes them, in two statements. */
  const members = async (count: number) => {
    const made = Array.from({ length: count }, () => {
      const id = `budget-member-${++memberSequence}`;
      return { id, token: `token-${id}` };
    });
    await db()
      .insert(users)
      .values(
        made.map(({ id }) => ({
          id,
          email: `${id}@example.com`,
          emailHash: `hash-${id}`,
          birthDate: '1990-01-01',
          signupCompletedAt: new Date('2026-01-01T00:00:00Z'),
        })),
      );
    await db()
      .insert(authSessions)
      .values(
        made.map(({ id, token }) => ({
          id: `session-${id}`,
          token,
          userId: id,
          expiresAt: new Date(Date.now() + 30 * 24 * HOUR),
        })),
      );
    return made;
  };
  /** A click at `now`: 'delivered', 'opened before' (a second click of the same person) or the refusal. */
  const click = (token: string, adId: string, now: Date) =>
    clickAd({
      db: db(),
      sessionToken: token,
      adId,
      waitSeconds: 30,
      rateLimit: { limit: 1000, windowSeconds: 3600 },
      now,
    }).then(
      ({ delivered }) => (delivered ? 'delivered' : 'opened before'),
      (error: unknown) => (error instanceof DomainError ? error.message : String(error)),
    );
  const clickAll = (people: { token: string }[], adId: string, now: Date) =>
    Promise.all(people.map((person) => click(person.token, adId, now)));
  const tally = (outcomes: string[]) =>
    outcomes.reduce<Record<string, number>>((counts, outcome) => {
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      return counts;
    }, {});
  /** The ad's deliveries by Japan-time day, oldest first. */
  const deliveriesByDay = async (adId: string) =>
    (
      await queryRows<{ day: string; deliveries: number }>(
        db(),
        sql`select to_char(qp_japan_day(delivered_at), 'YYYY-MM-DD') as day, count(*)::int as deliveries
            from ad_deliveries where ad_id = ${adId} group by 1 order by 1`,
      )
    ).map(({ day, deliveries }) => [day, deliveries]);
  const adState = async (adId: string) => {
    const [ad] = await db().select().from(ads).where(eq(ads.id, adId));
    return { isActive: ad!.isActive, dailyBudgetReachedOn: ad!.dailyBudgetReachedOn };
  };
  const listedIds = async (token: string, now: Date) =>
    (await listAdsForUser({ db: db(), sessionToken: token, now })).ads.map((ad) => ad.id);
  /** Whose ad it is (the domain function checks the owner only). */
  const owner = async () => (await memberWithSession(db())).id;

  return {
    db,
    url: () => database.url!,
    members,
    click,
    clickAll,
    tally,
    deliveriesByDay,
    adState,
    listedIds,
    owner,
  };
}

describe.each(postgresKinds())('daily budgets under bursts on %s', (kind) => {
  const BURST = 200;
  const BUDGET = 10;
  // More connections than an ad has slots, so every slot is fought over.
  const suite = budgetSuite(kind, 40);
  const { db, members, clickAll, tally, deliveriesByDay, adState, listedIds } = suite;
  // Each test has members of its own: one click's 30-second wait would refuse their next ad.

  it(`delivers exactly ${BUDGET} of ${BURST} simultaneous clicks a day, and ${BUDGET} more after midnight Japan time`, {
    timeout: BURST_TIMEOUT,
  }, async () => {
    const people = await members(BURST);
    const onlooker = await memberWithSession(db());
    const ad = await createAd(db(), { maxDeliveries: 1000, dailyBudget: BUDGET });
    // The onlooker's instance has the segment's ads cached from before the burst.
    expect(await listedIds(onlooker.token, lateToday)).toContain(ad.id);

    const today = await clickAll(people, ad.id, lateToday);
    expect(tally(today)).toEqual({ delivered: BUDGET, [messages.adDailyBudgetReached]: BURST - BUDGET });
    expect(await deliveriesByDay(ad.id)).toEqual([[japanIsoDate(lateToday), BUDGET]]);
    expect(await adState(ad.id)).toEqual({ isActive: true, dailyBudgetReachedOn: japanIsoDate(lateToday) });
    // Full for today: out of the list of anyone who did not open it (the cache notwithstanding); those
    // who opened it keep it to answer.
    expect(await listedIds(onlooker.token, lateToday)).not.toContain(ad.id);
    const opener = people[today.indexOf('delivered')]!;
    expect(await listedIds(opener.token, lateToday)).toContain(ad.id);

    // Midnight Japan time (still the same UTC day): it is back, and the day's budget is whole again.
    expect(await listedIds(onlooker.token, earlyTomorrow)).toContain(ad.id);
    const tomorrow = await clickAll(people, ad.id, earlyTomorrow);
    expect(tally(tomorrow)).toEqual({
      delivered: BUDGET,
      'opened before': BUDGET,
      [messages.adDailyBudgetReached]: BURST - 2 * BUDGET,
    });
    expect(await deliveriesByDay(ad.id)).toEqual([
      [japanIsoDate(lateToday), BUDGET],
      [japanIsoDate(earlyTomorrow), BUDGET],
    ]);
    expect(await adState(ad.id)).toEqual({
      isActive: true,
      dailyBudgetReachedOn: japanIsoDate(earlyTomorrow),
    });
    expect(await listedIds(onlooker.token, earlyTomorrow)).not.toContain(ad.id);
  });

  it('still stops at the cap: a cap of 15 with a daily budget of 10 delivers 10, then 5, then stops', {
    timeout: BURST_TIMEOUT,
  }, async () => {
    const people = await members(BURST);
    const onlooker = await memberWithSession(db());
    const ad = await createAd(db(), { maxDeliveries: 15, dailyBudget: BUDGET });
    expect(tally(await clickAll(people, ad.id, lateToday))).toEqual({
      delivered: BUDGET,
      [messages.adDailyBudgetReached]: BURST - BUDGET,
    });
    expect(tally(await clickAll(people, ad.id, earlyTomorrow))).toEqual({
      delivered: 5,
      'opened before': BUDGET,
      [messages.adCapReached]: BURST - BUDGET - 5,
    });
    expect(await deliveriesByDay(ad.id)).toEqual([
      [japanIsoDate(lateToday), BUDGET],
      [japanIsoDate(earlyTomorrow), 5],
    ]);
    expect((await adState(ad.id)).isActive).toBe(false);
    expect(await listedIds(onlooker.token, dayAfter)).not.toContain(ad.id);
  });

  it('counts the clicks half-way when a budget is set on a running ad: they finish first', async () => {
    const people = await members(40);
    const ad = await createAd(db(), { maxDeliveries: 1000 });
    const advertiserId = await suite.owner();
    await db().update(ads).set({ advertiserId }).where(eq(ads.id, ad.id));
    const connections = await Promise.all(
      people.slice(0, 3).map(async () => {
        const client = new pg.Client({ connectionString: suite.url() });
        await client.connect();
        return client;
      }),
    );
    try {
      // Three clicks hold their units in open transactions while the advertiser sets a budget of 4.
      for (const [i, client] of connections.entries()) {
        await client.query('begin');
        await client.query(
          `select delivered from qp_click_ad($1, $2::uuid, 30, 1000, 3600, $3::timestamptz, 2592000, 86400)`,
          [people[i]!.token, ad.id, lateToday.toISOString()],
        );
      }
      let changed = false;
      const change = setAdDailyBudget({
        db: db(),
        owner: { userId: advertiserId },
        adId: ad.id,
        input: { dailyBudget: 4 },
        now: lateToday,
      }).finally(() => {
        changed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(changed).toBe(false);
      for (const client of connections) await client.query('commit');
      expect((await change).ad.dailyBudget).toBe(4);
    } finally {
      await Promise.all(connections.map((client) => client.end()));
    }
    // Three of today's four are gone: of a burst, one more is delivered today.
    expect(tally(await clickAll(people.slice(3, 40), ad.id, lateToday))).toEqual({
      delivered: 1,
      [messages.adDailyBudgetReached]: 36,
    });
    expect(await deliveriesByDay(ad.id)).toEqual([[japanIsoDate(lateToday), 4]]);
  });
});

describe.each(databaseKinds())('daily budgets on %s', (kind) => {
  const suite = budgetSuite(kind, 20);
  const { db, members, click, deliveriesByDay, adState, listedIds } = suite;

  it('refuses clicks past the day’s budget with its message, leaves the ad out until midnight, then delivers again', async () => {
    const [a, b, c, d, e, f] = await members(6);
    const ad = await createAd(db(), { maxDeliveries: 5, dailyBudget: 2 });
    expect(await click(a!.token, ad.id, lateToday)).toBe('delivered');
    expect(await listedIds(c!.token, lateToday)).toContain(ad.id);
    expect(await click(b!.token, ad.id, lateToday)).toBe('delivered');
    expect(await listedIds(c!.token, lateToday)).not.toContain(ad.id);
    expect(await click(c!.token, ad.id, lateToday)).toBe(messages.adDailyBudgetReached);
    expect(await click(a!.token, ad.id, lateToday)).toBe('opened before');

    expect(await listedIds(c!.token, earlyTomorrow)).toContain(ad.id);
    expect(await click(c!.token, ad.id, earlyTomorrow)).toBe('delivered');
    expect(await click(d!.token, ad.id, earlyTomorrow)).toBe('delivered');
    expect(await click(e!.token, ad.id, earlyTomorrow)).toBe(messages.adDailyBudgetReached);
    // The third day has room for one more under the cap of 5, then the cap stops the ad.
    expect(await click(e!.token, ad.id, dayAfter)).toBe('delivered');
    expect(await click(f!.token, ad.id, dayAfter)).toBe(messages.adCapReached);
    expect(await deliveriesByDay(ad.id)).toEqual([
      [japanIsoDate(lateToday), 2],
      [japanIsoDate(earlyTomorrow), 2],
      [japanIsoDate(dayAfter), 1],
    ]);
    expect((await adState(ad.id)).isActive).toBe(false);
  });

  it('counts the day’s deliveries when a running ad’s budget is set, raised, lowered or removed', async () => {
    const people = await members(8);
    const advertiserId = await suite.owner();
    const ad = await createAd(db(), { maxDeliveries: 100, advertiserId });
    const setBudget = (dailyBudget: number | null, now = lateToday) =>
      setAdDailyBudget({
        db: db(),
        owner: { userId: advertiserId },
        adId: ad.id,
        input: { dailyBudget },
        now,
      });
    // Yesterday's delivery does not count today; today's before any budget does.
    expect(await click(people[0]!.token, ad.id, new Date(lateToday.getTime() - 24 * HOUR))).toBe('delivered');
    expect(await click(people[1]!.token, ad.id, lateToday)).toBe('delivered');
    expect(await click(people[2]!.token, ad.id, lateToday)).toBe('delivered');

    // A budget of 2 is used up already: out of the list at once, and refused.
    const set = await setBudget(2);
    expect(set.ad).toMatchObject({ dailyBudget: 2, dailyBudgetReachedOn: japanIsoDate(lateToday) });
    expect(await listedIds(people[3]!.token, lateToday)).not.toContain(ad.id);
    expect(await click(people[3]!.token, ad.id, lateToday)).toBe(messages.adDailyBudgetReached);

    // Raised to 4: two more today, and the ad is back in the list until they are taken.
    const raised = await setBudget(4);
    expect(raised.ad).toMatchObject({ dailyBudget: 4, dailyBudgetReachedOn: null });
    expect(await listedIds(people[3]!.token, lateToday)).toContain(ad.id);
    expect(await click(people[3]!.token, ad.id, lateToday)).toBe('delivered');
    // Lowered to 3: none left today.
    await setBudget(3);
    expect(await click(people[4]!.token, ad.id, lateToday)).toBe(messages.adDailyBudgetReached);
    // Removed: no daily limit, only the cap.
    expect((await setBudget(null)).ad).toMatchObject({ dailyBudget: null, dailyBudgetReachedOn: null });
    expect(await click(people[4]!.token, ad.id, lateToday)).toBe('delivered');
    expect(await click(people[5]!.token, ad.id, lateToday)).toBe('delivered');
    expect((await queryRows(db(), sql`select 1 from ad_day_slots where ad_id = ${ad.id}`)).length).toBe(0);
    // Set again the next day: that day counts from nothing.
    await setBudget(1, earlyTomorrow);
    expect(await click(people[6]!.token, ad.id, earlyTomorrow)).toBe('delivered');
    expect(await click(people[7]!.token, ad.id, earlyTomorrow)).toBe(messages.adDailyBudgetReached);
  });

  it('keeps the budget within the cap, and an approved ad’s budget changes only with its day counted', async () => {
    const violation = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: unknown) => {
          const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
          return cause?.constraint ?? cause?.message ?? String(error);
        },
      );
    expect(await violation(createAd(db(), { maxDeliveries: 5, dailyBudget: 6 }))).toBe(
      'ads_daily_budget_within_cap',
    );
    expect(await violation(createAd(db(), { maxDeliveries: 5, dailyBudget: 0 }))).toBe(
      'ads_daily_budget_within_cap',
    );
    const ad = await createAd(db(), { maxDeliveries: 5, dailyBudget: 2 });
    expect(await violation(db().update(ads).set({ dailyBudget: 3 }).where(eq(ads.id, ad.id)))).toMatch(
      /qp_set_ad_daily_budget/,
    );
    // An ad not yet approved keeps its budget on its row; approval spreads it over fresh day slots.
    const pending = await createAd(db(), {
      status: 'pending',
      isActive: false,
      maxDeliveries: 50,
      dailyBudget: 40,
    });
    await db().update(ads).set({ dailyBudget: 33 }).where(eq(ads.id, pending.id));
    await db().update(ads).set({ status: 'approved', isActive: true }).where(eq(ads.id, pending.id));
    const slots = await queryRows<{ day: string | null; allowance: number; remaining: number }>(
      db(),
      sql`select day, allowance, remaining from ad_day_slots where ad_id = ${pending.id} order by slot`,
    );
    expect(slots).toHaveLength(32);
    expect(slots.reduce((sum, slot) => sum + slot.allowance, 0)).toBe(33);
    expect(slots.every((slot) => slot.day === null && slot.remaining === 0)).toBe(true);
  });
});
