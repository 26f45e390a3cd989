import { messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdsForUser } from '../domain/ads/list-ads-for-user.ts';
import { createAd, deliveryState, memberWithSession } from '../test/factories.ts';
import { createTestDatabase, postgresKinds, type TestDatabase } from '../test/test-database.ts';
import { type DatabaseHandle, openPostgres } from './client.ts';
import { refusalOf } from './hot-statement.ts';
import { adDeliverySlots, ads } from './schema.ts';

const SLOTS = 32;
const clickSql = `select clicked_at, delivered
                  from qp_click_ad($1, $2::uuid, 30, 1000, 3600, now(), 2592000, 86400)`;

/**
 * A hot ad beyond one row (migrations/0004_hot_ad.sql): clicks on one ad take their units from
 * different slots without waiting on each other, stop exactly at the cap, and meet an end of
 * delivery or a new cap whole. Each test holds transactions open on connections of its own.
 */
describe.each(postgresKinds())('a hot ad on %s', () => {
  let database: TestDatabase;
  const connections: pg.Client[] = [];
  /** `count` connections of the test's own (made once, used again by the next test). */
  const connectionsFor = async (count: number) => {
    while (connections.length < count) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      connections.push(client);
    }
    return connections.slice(0, count);
  };
  const connect = async () => (await connectionsFor(1))[0]!;
  const members = (count: number) =>
    Promise.all(Array.from({ length: count }, () => memberWithSession(database.db)));
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all(connections.map((client) => client.end()));
    await database.close();
  });

  it(`lets ${SLOTS} clicks on one ad hold their units at once, and one more wait for a free one`, async () => {
    const ad = await createAd(database.db, { maxDeliveries: 1000 });
    const people = await members(SLOTS + 1);
    const clients = await connectionsFor(people.length);
    for (const client of clients) await client.query("begin; set local lock_timeout = '3s'");

    // Each of the first SLOTS holds its unit in an open transaction; none waited for another.
    const held = await Promise.all(
      clients.slice(0, SLOTS).map((client, i) => client.query(clickSql, [people[i]!.token, ad.id])),
    );
    expect(held.map((result) => result.rows[0]?.delivered)).toEqual(Array(SLOTS).fill(true));

    // One more finds every slot held and waits for one until they commit.
    let answered = false;
    const waiting = clients[SLOTS]!.query(clickSql, [people[SLOTS]!.token, ad.id]).finally(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    for (const client of clients.slice(0, SLOTS)) await client.query('commit');
    expect((await waiting).rows[0]?.delivered).toBe(true);
    await clients[SLOTS]!.query('commit');

    expect(await deliveryState(database.db, ad.id)).toEqual({
      delivered: SLOTS + 1,
      remaining: 1000 - SLOTS - 1,
      isActive: true,
    });
  });

  it('stops the ad exactly at its cap when its last units go from different slots at once', async () => {
    for (let round = 0; round < 5; round++) {
      const ad = await createAd(database.db, { maxDeliveries: SLOTS });
      const people = await members(SLOTS + 4);
      const clients = await connectionsFor(people.length);
      const outcomes = await Promise.all(
        clients.map((client, i) =>
          client.query(clickSql, [people[i]!.token, ad.id]).then(
            () => 'delivered',
            (error: unknown) => refusalOf(error)?.message ?? String(error),
          ),
        ),
      );
      expect(
        outcomes.filter((outcome) => outcome === 'delivered'),
        outcomes.join(),
      ).toHaveLength(SLOTS);
      expect(outcomes.filter((outcome) => outcome !== 'delivered')).toEqual(
        Array(4).fill(messages.adCapReached),
      );
      expect(await deliveryState(database.db, ad.id)).toEqual({
        delivered: SLOTS,
        remaining: 0,
        isActive: false,
      });
    }
  });

  it('refuses a click that waited on the slots of an ad whose end of delivery then committed', async () => {
    const ad = await createAd(database.db, { maxDeliveries: 50 });
    const [person] = await members(1);
    const [ending, clicking] = await connectionsFor(2);
    await ending!.query('begin');
    await ending!.query('select qp_lock_ad_slots($1::uuid)', [ad.id]);
    await ending!.query('update ads set is_active = false where id = $1', [ad.id]);

    const click = clickSql.replace('now()', "now() + interval '1 second'");
    const outcome = clicking!.query(click, [person!.token, ad.id]).then(
      () => 'delivered',
      (error: unknown) => refusalOf(error)?.message ?? String(error),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await ending!.query('commit');
    expect(await outcome).toBe(messages.adEnded);
    expect(await deliveryState(database.db, ad.id)).toEqual({ delivered: 0, remaining: 50, isActive: false });
  });

  it('spreads a raised cap over the slots, counting what was delivered', async () => {
    const ad = await createAd(database.db, { maxDeliveries: 3 });
    const people = await members(3);
    const client = await connect();
    for (const person of people) await client.query(clickSql, [person.token, ad.id]);
    expect(await deliveryState(database.db, ad.id)).toEqual({ delivered: 3, remaining: 0, isActive: false });
    await database.db.update(ads).set({ maxDeliveries: 40, isActive: true }).where(eq(ads.id, ad.id));
    expect(await deliveryState(database.db, ad.id)).toEqual({ delivered: 3, remaining: 37, isActive: true });
    const refused = await database.db
      .update(ads)
      .set({ maxDeliveries: 2 })
      .where(eq(ads.id, ad.id))
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refused).not.toBeNull();
  });

  describe('the ad list kept per targeting segment', () => {
    let other: DatabaseHandle;
    beforeAll(async () => {
      other = await openPostgres(database.url!, 2);
    });
    afterAll(() => other.close());

    const titles = async (token: string) =>
      (await listAdsForUser({ db: database.db, sessionToken: token })).ads.map((ad) => ad.adTitle);

    it('sees another instance’s changes to the ads at once, and each person’s own state exactly', async () => {
      await database.db.update(ads).set({ isActive: false });
      const man = await memberWithSession(database.db, { gender: 'male', birthDate: '1990-05-01' });
      const woman = await memberWithSession(database.db, { gender: 'female', birthDate: '1990-05-01' });
      const open = await createAd(database.db, { adTitle: 'みんなへ', userReward: 10 });
      await createAd(database.db, {
        adTitle: '女性へ',
        userReward: 20,
        targetGender: { male: false, female: true, other: false },
      });
      expect(await titles(man.token)).toEqual(['みんなへ']);
      expect(await titles(woman.token)).toEqual(['女性へ', 'みんなへ']);

      // Another instance adds an ad and ends one: the next list shows both.
      await createAd(other.db, { adTitle: '新着', userReward: 30 });
      expect(await titles(man.token)).toEqual(['新着', 'みんなへ']);
      await other.db.update(ads).set({ isActive: false }).where(eq(ads.id, open.id));
      expect(await titles(man.token)).toEqual(['新着']);

      // What the woman opened stays in her list after it stops at its cap, with her click (she may
      // still answer); not in his. Once its advertiser ends it, it takes no answer and leaves hers.
      const listed = await listAdsForUser({ db: database.db, sessionToken: woman.token });
      const newest = listed.ads.find((ad) => ad.adTitle === '新着');
      await (await connect()).query(clickSql, [woman.token, newest!.id]);
      const hers = await listAdsForUser({ db: database.db, sessionToken: woman.token });
      expect(hers.ads.find((ad) => ad.id === newest!.id)?.clickedAt).not.toBeNull();
      await other.db
        .update(adDeliverySlots)
        .set({ remaining: 0 })
        .where(eq(adDeliverySlots.adId, newest!.id));
      await other.db.update(ads).set({ isActive: false }).where(eq(ads.id, newest!.id));
      expect(await titles(woman.token)).toEqual(['新着', '女性へ']);
      expect(await titles(man.token)).toEqual([]);
      await other.db
        .update(adDeliverySlots)
        .set({ remaining: 1 })
        .where(eq(adDeliverySlots.adId, newest!.id));
      expect(await titles(woman.token)).toEqual(['女性へ']);
    });
  });
});
