import {
  ADVERTISER_ADS_PAGE_SIZE,
  type AdListState,
  type AdvertiserAdsPage,
  adConsoleMessages,
  adListStates,
  adStateOf,
  type BulkAdsResult,
} from '@quiz-points/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { ads } from '../db/schema.ts';
import { createAd, createAds, memberWithSession } from '../test/factories.ts';
import type { ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

/**
 * `deliveries` click-throughs of an ad at `unitPrice`, straight in the database, the first `answers`
 * of them answered and the first `correct` of those right.
 */
async function deliver(
  db: Database,
  adId: string,
  { deliveries, answers = 0, correct = 0, unitPrice = 40 }: Record<string, number> & { deliveries: number },
) {
  for (let i = 0; i < deliveries; i++) {
    const member = await memberWithSession(db);
    await db.execute(
      sql`insert into ad_deliveries (ad_id, user_id, unit_price) values (${adId}, ${member.id}, ${unitPrice})`,
    );
    if (i >= answers) continue;
    await db.execute(sql`
      insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, answered_at, selected_option, is_correct)
      values (${member.id}, ${`hash-${member.id}`}, ${adId}, now() - interval '1 minute', now(),
              ${i < correct ? 2 : 1}, ${i < correct})`);
  }
}

const list = (client: TestHttpClient, query: Record<string, string> = {}) =>
  client.json<AdvertiserAdsPage>('GET', `/api/advertiser/ads?${new URLSearchParams(query)}`);

const titlesOf = (page: AdvertiserAdsPage) => page.ads.map((ad) => ad.adTitle);

describe.each(databaseKinds())('the ads table on %s', (kind) => {
  const t = useTestApp(kind);

  /** One ad of each state, titled by it, created a minute apart in the table's status order. */
  async function oneAdOfEachState(advertiserId: string) {
    const values: Record<AdListState, Partial<typeof ads.$inferInsert>> = {
      delivering: {},
      scheduled: { startsAt: daysFromNow(3) },
      paused: { holds: ['paused'] },
      held: { holds: ['billing'] },
      pending: { status: 'pending', isActive: false },
      rejected: { status: 'rejected', isActive: false, rejectionReason: '答えがありません' },
      draft: { status: 'draft', isActive: false },
      expired: { startsAt: daysFromNow(-10), endsAt: daysFromNow(-1) },
      stopped: { isActive: false },
    };
    return createAds(t.database.db, adListStates.length, (i) => ({
      advertiserId,
      adTitle: adListStates[i],
      createdAt: new Date(Date.now() - (adListStates.length - i) * 60_000),
      ...values[adListStates[i]!],
    }));
  }

  it('pages 50 ads at a time, newest first, however many there are', async () => {
    const advertiser = await t.as.advertiser();
    const start = Date.now() - DAY_MS;
    await createAds(t.database.db, 120, (i) => ({
      advertiserId: advertiser.uid,
      adTitle: `広告 ${String(i).padStart(3, '0')}`,
      createdAt: new Date(start + i * 1000),
    }));
    const first = await list(advertiser.client);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: ADVERTISER_ADS_PAGE_SIZE, total: 120 });
    expect(first.body.ads).toHaveLength(50);
    expect(first.body.ads[0]!.adTitle).toBe('広告 119');
    const pages = [first.body];
    for (const page of ['2', '3', '4']) pages.push((await list(advertiser.client, { page })).body);
    expect(pages.map((page) => page.ads.length)).toEqual([50, 50, 20, 0]);
    expect(pages[3]).toMatchObject({ page: 4, total: 120 });
    const titles = pages.flatMap(titlesOf);
    expect(titles).toEqual(Array.from({ length: 120 }, (_, i) => `広告 ${String(119 - i).padStart(3, '0')}`));
  });

  it('tells where each ad stands, counts each state and filters by one', async () => {
    const advertiser = await t.as.advertiser();
    await oneAdOfEachState(advertiser.uid);
    const all = await list(advertiser.client);
    expect(all.body.ads.map((ad) => [ad.adTitle, ad.state])).toEqual(
      [...adListStates].reverse().map((state) => [state, state]),
    );
    // The consoles' badges read the same state from an ad's fields (adStateOf): both rules agree.
    for (const ad of all.body.ads) expect(adStateOf(ad), ad.adTitle).toBe(ad.state);
    expect(all.body.counts).toEqual(Object.fromEntries(adListStates.map((state) => [state, 1])));
    for (const status of adListStates) {
      const filtered = await list(advertiser.client, { status });
      expect(titlesOf(filtered.body), status).toEqual([status]);
      expect(filtered.body.total).toBe(1);
      // The counts are of the search, whatever state is chosen: each filter shows what the others hold.
      expect(filtered.body.counts.paused).toBe(1);
    }
  });

  it('sorts by each column both ways, ads without answers last by correct rate', async () => {
    const advertiser = await t.as.advertiser();
    const made = await createAds(t.database.db, 4, (i) => ({
      advertiserId: advertiser.uid,
      adTitle: ['b-ad', 'D-ad', 'a-ad', 'c-ad'][i]!,
      createdAt: new Date(Date.now() - (4 - i) * 60_000),
      startsAt: [daysFromNow(2), null, daysFromNow(1), daysFromNow(5)][i],
      status: i === 2 ? 'pending' : 'approved',
      isActive: i !== 2,
      holds: i === 3 ? ['paused'] : [],
    }));
    const [b, d, a, c] = made.map((ad) => ad.id) as [string, string, string, string];
    // b: 4 deliveries, 3 answers (1 right); d: 2 deliveries, 2 answers (2 right); c: 1, no answers.
    await deliver(t.database.db, b, { deliveries: 4, answers: 3, correct: 1 });
    await deliver(t.database.db, d, { deliveries: 2, answers: 2, correct: 2, unitPrice: 100 });
    await deliver(t.database.db, c, { deliveries: 1 });
    const order = async (sort: string, direction?: 'asc' | 'desc') => {
      const reply = await list(advertiser.client, { sort, ...(direction ? { order: direction } : {}) });
      expect(reply.status, sort).toBe(200);
      return reply.body.ads.map((ad) => ad.id);
    };
    expect(await order('created')).toEqual([c, a, d, b]);
    expect(await order('created', 'asc')).toEqual([b, d, a, c]);
    expect(await order('title')).toEqual([d, a, b, c]);
    expect(await order('title', 'desc')).toEqual([c, b, a, d]);
    expect(await order('spend')).toEqual([d, b, c, a]);
    expect(await order('spend', 'asc')).toEqual([a, c, b, d]);
    expect(await order('deliveries')).toEqual([b, d, c, a]);
    expect(await order('answers')).toEqual([b, d, c, a]);
    expect(await order('correctRate')).toEqual([d, b, c, a]);
    expect(await order('correctRate', 'asc')).toEqual([b, d, c, a]);
    // delivering (d, no window), scheduled (b), paused (c), pending (a).
    expect(await order('status')).toEqual([d, b, c, a]);
    expect(await order('window')).toEqual([a, b, c, d]);
    expect(await order('window', 'desc')).toEqual([c, b, a, d]);

    const page = (await list(advertiser.client, { sort: 'spend' })).body;
    expect(page.ads.find((ad) => ad.id === b)).toMatchObject({
      deliveryCount: 4,
      spend: 160,
      answers: 3,
      correct: 1,
    });
    expect(page.totals).toEqual({ deliveries: 7, spend: 400 });
    // Sorted by another column, the page's ads still carry their answers.
    expect((await list(advertiser.client)).body.ads.find((ad) => ad.id === d)).toMatchObject({
      answers: 2,
      correct: 2,
    });
  });

  it('sorts by where ads stand, delivering first', async () => {
    const advertiser = await t.as.advertiser();
    await oneAdOfEachState(advertiser.uid);
    const reply = await list(advertiser.client, { sort: 'status' });
    expect(titlesOf(reply.body)).toEqual([...adListStates]);
    const reversed = await list(advertiser.client, { sort: 'status', order: 'desc' });
    expect(titlesOf(reversed.body)).toEqual([...adListStates].reverse());
  });

  it('searches titles by any part, whatever the case, % and _ standing for themselves', async () => {
    const advertiser = await t.as.advertiser();
    const titles = ['Spring Sale 春', 'spring', '100%オフ', '1000円オフ', 'a_b', 'ab', '夏のキャンペーン'];
    await createAds(t.database.db, titles.length, (i) => ({
      advertiserId: advertiser.uid,
      adTitle: titles[i],
      createdAt: new Date(Date.now() - i * 60_000),
    }));
    const search = async (q: string, extra: Record<string, string> = {}) =>
      titlesOf((await list(advertiser.client, { q, ...extra })).body);
    expect(await search('SPRING')).toEqual(['Spring Sale 春', 'spring']);
    expect(await search('  spring  ')).toEqual(['Spring Sale 春', 'spring']);
    expect(await search('%')).toEqual(['100%オフ']);
    expect(await search('_')).toEqual(['a_b']);
    expect(await search('キャンペーン')).toEqual(['夏のキャンペーン']);
    expect(await search('春', { status: 'delivering' })).toEqual(['Spring Sale 春']);
    const none = await list(advertiser.client, { q: '秋' });
    expect(none.body).toMatchObject({ ads: [], total: 0, totals: { spend: 0 } });
    expect(Object.values(none.body.counts)).toEqual(adListStates.map(() => 0));
  });

  it("lists only the advertiser's own ads, and refuses a bad query", async () => {
    const advertiser = await t.as.advertiser();
    const other = await t.as.advertiser();
    await createAd(t.database.db, { advertiserId: other.uid, adTitle: '他社の広告' });
    await createAd(t.database.db, { advertiserId: advertiser.uid, adTitle: '自社の広告' });
    const mine = await list(advertiser.client);
    expect(titlesOf(mine.body)).toEqual(['自社の広告']);
    expect(mine.body.total).toBe(1);
    expect((await list(advertiser.client, { q: '他社' })).body.total).toBe(0);

    const bad: [Record<string, string>, string][] = [
      [{ page: '0' }, adConsoleMessages.pageInvalid],
      [{ page: '1.5' }, adConsoleMessages.pageInvalid],
      [{ page: '10000' }, adConsoleMessages.pageInvalid],
      [{ sort: 'price' }, adConsoleMessages.sortInvalid],
      [{ order: 'up' }, adConsoleMessages.orderInvalid],
      [{ status: 'approved' }, adConsoleMessages.statusInvalid],
      [{ q: 'あ'.repeat(51) }, adConsoleMessages.searchInvalid],
      [{ q: '   ' }, adConsoleMessages.searchInvalid],
    ];
    for (const [query, message] of bad) {
      const refused = await advertiser.client.json<ErrorReply>(
        'GET',
        `/api/advertiser/ads?${new URLSearchParams(query)}`,
      );
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
  });

  describe('pausing and resuming several ads at once', () => {
    const bulk = (client: TestHttpClient, action: string, adIds: string[]) =>
      client.json<BulkAdsResult & ErrorReply>('POST', '/api/advertiser/ads/bulk', { action, adIds });
    const holdsOf = async (adIds: string[]) => {
      const rows = await t.database.db
        .select({ id: ads.id, holds: ads.holds })
        .from(ads)
        .where(inArray(ads.id, adIds));
      return Object.fromEntries(rows.map((row) => [row.id, row.holds]));
    };

    it('pauses the chosen ads, saying which were paused already, and resumes them, keeping other holds', async () => {
      const advertiser = await t.as.advertiser();
      const made = await createAds(t.database.db, 3, (i) => ({
        advertiserId: advertiser.uid,
        holds: [[], ['paused'], ['billing']][i] as string[],
      }));
      const ids = made.map((ad) => ad.id);
      const paused = await bulk(advertiser.client, 'pause', [...ids, ids[0]!]);
      expect(paused.status).toBe(200);
      expect(paused.body.changed.sort()).toEqual([ids[0], ids[2]].sort());
      expect(paused.body.unchanged).toEqual([ids[1]]);
      expect(await holdsOf(ids)).toEqual({
        [ids[0]!]: ['paused'],
        [ids[1]!]: ['paused'],
        [ids[2]!]: ['billing', 'paused'],
      });
      const resumed = await bulk(advertiser.client, 'resume', ids);
      expect(resumed.body.changed.sort()).toEqual([...ids].sort());
      // A failed payment still holds its ad: resuming lifts only the advertiser's own pause.
      expect(await holdsOf(ids)).toEqual({ [ids[0]!]: [], [ids[1]!]: [], [ids[2]!]: ['billing'] });
    });

    it('pauses each ad once when the same bulk pause arrives many times at once, in either order', async () => {
      const advertiser = await t.as.advertiser();
      const made = await createAds(t.database.db, 4, () => ({ advertiserId: advertiser.uid }));
      const ids = made.map((ad) => ad.id);
      // The same ads in opposite orders: locked in id order, neither waits on the other for ever.
      const requests = Array.from({ length: 12 }, (_, i) =>
        bulk(advertiser.client, 'pause', i % 2 === 0 ? ids : [...ids].reverse()),
      );
      const replies = await Promise.all(requests);
      expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
      // Each ad was paused by exactly one of them; every other found it paused already.
      const changed = replies.flatMap((reply) => reply.body.changed).sort();
      expect(changed).toEqual([...ids].sort());
      expect(await holdsOf(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, ['paused']])));
    });

    it("changes nothing when one ad is another's (404) or not approved (409)", async () => {
      const advertiser = await t.as.advertiser();
      const other = await t.as.advertiser();
      const mine = await createAd(t.database.db, { advertiserId: advertiser.uid });
      const draft = await createAd(t.database.db, {
        advertiserId: advertiser.uid,
        status: 'draft',
        isActive: false,
      });
      const theirs = await createAd(t.database.db, { advertiserId: other.uid });
      const notFound = await bulk(advertiser.client, 'pause', [mine.id, theirs.id]);
      expect(notFound.status).toBe(404);
      const conflict = await bulk(advertiser.client, 'pause', [mine.id, draft.id]);
      expect(conflict.status).toBe(409);
      expect(conflict.body.error.message).toBe(adConsoleMessages.bulkNotApproved);
      expect(await holdsOf([mine.id, draft.id, theirs.id])).toEqual({
        [mine.id]: [],
        [draft.id]: [],
        [theirs.id]: [],
      });
      const refused: [string, unknown[], string][] = [
        ['pause', [], adConsoleMessages.bulkNoneChosen],
        ['pause', ['not-an-id'], adConsoleMessages.bulkNoneChosen],
        ['pause', Array.from({ length: 101 }, () => mine.id), adConsoleMessages.bulkTooMany],
        ['end', [mine.id], adConsoleMessages.bulkActionInvalid],
      ];
      for (const [action, adIds, message] of refused) {
        const reply = await advertiser.client.json<ErrorReply>('POST', '/api/advertiser/ads/bulk', {
          action,
          adIds,
        });
        expect(reply.status, `${action} ${adIds.length}`).toBe(400);
        expect(reply.body.error.message).toBe(message);
      }
      const [row] = await t.database.db.select().from(ads).where(eq(ads.id, mine.id));
      expect(row!.holds).toEqual([]);
    });
  });
});
