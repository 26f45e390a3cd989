import { AD_LIST_PAGE_SIZE, type AdListPage } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashEmail } from '../db/email-hash.ts';
import { ads, quizResponses } from '../db/schema.ts';
import { createAd, createAds, type Person } from '../test/factories.ts';
import type { TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const MINUTE = 60_000;

describe.each(databaseKinds())('the ad list a page at a time on %s', (kind) => {
  const t = useTestApp(kind);

  // Each test starts from a catalogue of its own: what earlier tests made stops delivering.
  beforeEach(async () => {
    await t.database.db.update(ads).set({ isActive: false });
  });

  /** Every page of a list, following each page's cursor to the end. */
  async function allPages(client: TestHttpClient, path: string): Promise<AdListPage[]> {
    const pages: AdListPage[] = [];
    let cursor: string | null = null;
    do {
      const url: string = cursor ? `${path}?cursor=${cursor}` : path;
      const { status, body } = await client.json<AdListPage>('GET', url);
      expect(status).toBe(200);
      pages.push(body);
      cursor = body.nextCursor;
    } while (cursor);
    return pages;
  }
  const idsOf = (pages: AdListPage[]) => pages.flatMap((page) => page.ads.map((ad) => ad.id));

  /** The person's answers to `adIds`, the i-th answered i minutes after `start`, as an answer leaves them. */
  async function answered(person: Person, adIds: string[], start = Date.now() - adIds.length * MINUTE) {
    await t.database.db.insert(quizResponses).values(
      adIds.map((adId, i) => ({
        userId: person.uid,
        emailHash: hashEmail(person.email),
        adId,
        clickedAt: new Date(start + i * MINUTE - 40_000),
        answeredAt: new Date(start + i * MINUTE),
        selectedOption: 1,
        isCorrect: false,
        rewardGiven: true,
      })),
    );
  }

  it('shows a person who answered 300 ads a new one with a small reward on the first page', async () => {
    const person = await t.as.user();
    const old = await createAds(t.database.db, 300, (i) => ({ userReward: 50 + (i % 40) }));
    await answered(
      person,
      old.map((ad) => ad.id),
    );
    const fresh = await createAd(t.database.db, { userReward: 1, adTitle: '新着の小さな広告' });

    const { body } = await person.client.json<AdListPage>('GET', '/api/ads');
    expect(body).toEqual({
      ads: [{ ...pick(fresh), clickedAt: null, answered: false }],
      nextCursor: null,
    });

    // Someone who answered none of them pages through all 301, the new one last.
    const newcomer = await t.as.user();
    const pages = await allPages(newcomer.client, '/api/ads');
    expect(pages.map((page) => page.ads.length)).toEqual([50, 50, 50, 50, 50, 50, 1]);
    expect(idsOf(pages).at(-1)).toBe(fresh.id);
  });

  it('pages through every ad the person may answer exactly once, by reward then newest', async () => {
    const person = await t.as.user({ gender: 'male' });
    // One statement: ties in reward and in time, so pages end inside ties too.
    const made = await createAds(t.database.db, 130, (i) => ({ userReward: 10 + (i % 7) }));
    const later = await createAd(t.database.db, { userReward: 12 });
    await createAd(t.database.db, {
      userReward: 99,
      targetGender: { male: false, female: true, other: false },
    });
    const everyThird = made.filter((_, i) => i % 3 === 0);
    await answered(
      person,
      everyThird.map((ad) => ad.id),
    );

    const first = await person.client.json<AdListPage>('GET', '/api/ads');
    expect(first.body.ads).toHaveLength(AD_LIST_PAGE_SIZE);
    // A new ad above the cursor meanwhile moves nothing the next pages hold.
    const top = await createAd(t.database.db, { userReward: 500 });
    const rest = await allPages(person.client, `/api/ads?cursor=${first.body.nextCursor}`);
    const listed = [...first.body.ads.map((ad) => ad.id), ...idsOf(rest)];

    const answeredIds = new Set(everyThird.map((ad) => ad.id));
    const expected = [...made, later]
      .filter((ad) => !answeredIds.has(ad.id))
      .sort((a, b) => b.userReward - a.userReward || b.createdAt.getTime() - a.createdAt.getTime())
      .map((ad) => ad.id);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...expected].sort());
    // By reward, then newest (the statement's ties in both are in some fixed order).
    const byId = new Map([...made, later].map((ad) => [ad.id, ad]));
    const keys = listed.map((id) => [byId.get(id)!.userReward, byId.get(id)!.createdAt.getTime()] as const);
    expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    expect(listed).not.toContain(top.id);
    expect((await person.client.json<AdListPage>('GET', '/api/ads')).body.ads[0]!.id).toBe(top.id);
  });

  it('keeps an opened, unanswered ad listed while it takes the answer', async () => {
    const person = await t.as.user();
    const other = await t.as.user();
    const high = await createAd(t.database.db, { userReward: 30 });
    // The person's click is its only delivery: it stops at its cap, and still takes their answer.
    const capped = await createAd(t.database.db, { userReward: 20, maxDeliveries: 1 });
    const low = await createAd(t.database.db, { userReward: 10 });
    expect((await person.client.json('POST', `/api/ads/${capped.id}/click`)).status).toBe(200);
    expect((await t.database.db.select().from(ads).where(eq(ads.id, capped.id)))[0]?.isActive).toBe(false);

    const mine = await person.client.json<AdListPage>('GET', '/api/ads');
    expect(mine.body.ads.map((ad) => ad.id)).toEqual([high.id, capped.id, low.id]);
    expect(mine.body.ads[1]).toMatchObject({ ...pick(capped), answered: false });
    expect(mine.body.ads[1]!.clickedAt).not.toBeNull();
    expect(idsOf([(await other.client.json<AdListPage>('GET', '/api/ads')).body])).toEqual([high.id, low.id]);

    // Answered, it leaves the list for the answered one, newest answer first.
    await t.database.db
      .update(quizResponses)
      .set({ clickedAt: new Date(Date.now() - 31_000) })
      .where(eq(quizResponses.adId, capped.id));
    expect((await person.client.json('POST', `/api/ads/${capped.id}/answer`, { option: 2 })).status).toBe(
      200,
    );
    expect(idsOf([(await person.client.json<AdListPage>('GET', '/api/ads')).body])).toEqual([
      high.id,
      low.id,
    ]);
    const answeredList = await person.client.json<AdListPage>('GET', '/api/ads/answered');
    expect(answeredList.body.ads).toEqual([
      expect.objectContaining({ ...pick(capped), answered: true, clickedAt: expect.any(String) }),
    ]);

    // An opened ad its advertiser ended takes no answer, so it leaves.
    await person.client.json('POST', `/api/ads/${low.id}/click`);
    await t.database.db.update(ads).set({ isActive: false }).where(eq(ads.id, low.id));
    expect(idsOf([(await person.client.json<AdListPage>('GET', '/api/ads')).body])).toEqual([high.id]);
  });

  it('pages the answered ads, newest answer first, and only the person’s own', async () => {
    const person = await t.as.user();
    const made = await createAds(t.database.db, 120);
    await answered(
      person,
      made.map((ad) => ad.id),
    );
    const pages = await allPages(person.client, '/api/ads/answered');
    expect(pages.map((page) => page.ads.length)).toEqual([50, 50, 20]);
    expect(idsOf(pages)).toEqual(made.map((ad) => ad.id).reverse());
    expect(pages.every((page) => page.ads.every((ad) => ad.answered))).toBe(true);

    const other = await t.as.user();
    expect((await other.client.json<AdListPage>('GET', '/api/ads/answered')).body).toEqual({
      ads: [],
      nextCursor: null,
    });
    const stolen = await other.client.json<AdListPage>(
      'GET',
      `/api/ads/answered?cursor=${pages[0]!.nextCursor}`,
    );
    expect(stolen.body.ads).toEqual([]);
  });
});

const pick = (ad: typeof ads.$inferSelect) => ({
  id: ad.id,
  adProvider: ad.adProvider,
  adTitle: ad.adTitle,
  adUrl: ad.adUrl,
  userReward: ad.userReward,
  image: null,
});
