import {
  type AdminAdvertiserSummary,
  advertiserConsoleMessages,
  messages,
  type PendingAd,
  type PendingGiftRequest,
} from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { hashEmail } from '../db/email-hash.ts';
import { giftRequests, users } from '../db/schema.ts';
import { createAds, createAdvertiser } from '../test/factories.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

type Page<Row> = { nextCursor: string | null; total?: number } & Record<string, Row[] | unknown>;

/**
 * The review queue, the gift requests, the people and the advertisers stay usable with
 * thousands of rows — each a page at a time (keyset, `cursor` = the last row's id) and searchable.
 */
describe.each(databaseKinds())('the admin’s long lists on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });
  const db = () => t.database.db;
  const minutes = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000);

  /** Every page of `path` from the first, following nextCursor; the rows of each page under `key`. */
  async function pagesOf<Row>(path: string, key: string): Promise<Row[][]> {
    const pages: Row[][] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const url: string = cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path;
      const response = await t.admin.json<Page<Row>>('GET', url);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      pages.push(response.body[key] as Row[]);
      cursor = response.body.nextCursor;
      expect(pages.length).toBeLessThan(10);
    } while (cursor);
    return pages;
  }

  it('pages the review queue oldest first, 20 a page, finds ads by title, provider or advertiser, and a review meanwhile shifts nothing', async () => {
    const advertiser = await createAdvertiser(db(), { email: 'queue.pager@example.com' });
    // Two ads share an instant: the id decides their order, and neither is lost between pages.
    const queued = await createAds(db(), 45, (i) => ({
      status: 'pending',
      isActive: false,
      advertiserId: advertiser.id,
      adTitle: `審査待ちの列 ${i}`,
      adProvider: i === 7 ? '珍しい社' : 'テスト社',
      createdAt: minutes(i === 20 ? 19 : i),
    }));
    await createAds(db(), 2, () => ({ status: 'pending', isActive: false, adTitle: 'ほかの広告' }));
    const expected = [...queued]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((ad) => ad.id);

    const pages = await pagesOf<PendingAd>('/api/admin/ads/pending?q=審査待ちの列', 'ads');
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(pages.flat().map((ad) => ad.id)).toEqual(expected);
    const first = await t.admin.json<{ total: number; ads: PendingAd[] }>(
      'GET',
      `/api/admin/ads/pending?q=${encodeURIComponent('審査待ちの列')}`,
    );
    expect(first.body.total).toBe(45);
    const everything = await t.admin.json<{ total: number }>('GET', '/api/admin/ads/pending');
    expect(everything.body.total).toBe(47);

    const found = async (q: string) =>
      (await t.admin.json<{ ads: PendingAd[] }>('GET', `/api/admin/ads/pending?q=${encodeURIComponent(q)}`))
        .body.ads;
    expect((await found('珍しい')).map((ad) => ad.id)).toEqual([queued[7]!.id]);
    // By the advertiser: part of the e-mail in any case, or the name (the other two ads have none).
    expect(await found('queue.PAGER@')).toHaveLength(20);
    expect((await found('テスト広告社')).every((ad) => ad.advertiser === 'テスト広告社')).toBe(true);
    expect(
      (await t.admin.json<{ ads: PendingAd[] }>('GET', '/api/admin/ads/pending?q=%25')).body.ads,
    ).toEqual([]);

    // The first ad of page 2 is approved while the admin reads page 1: page 2 simply starts later.
    const cursor = pages[0]!.at(-1)!.id;
    expect((await t.admin.json('POST', `/api/admin/ads/${pages[1]![0]!.id}/approve`)).status).toBe(200);
    const second = await t.admin.json<{ ads: PendingAd[] }>(
      'GET',
      `/api/admin/ads/pending?q=${encodeURIComponent('審査待ちの列')}&cursor=${cursor}`,
    );
    expect(second.body.ads.map((ad) => ad.id)).toEqual(expected.slice(21, 41));

    const refused = await t.admin.json<ErrorReply>('GET', '/api/admin/ads/pending?cursor=not-a-cursor');
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(messages.historyCursorInvalid);
  });

  it('pages the pending gift requests oldest first, 50 a page, and finds them by part of the e-mail', async () => {
    const person = await t.as.user({ email: 'Gift.Pager@example.com' });
    const other = await t.as.user({ email: 'someone.else@example.com' });
    await db()
      .insert(giftRequests)
      .values([
        ...Array.from({ length: 55 }, (_, i) => ({
          userId: person.uid,
          giftType: 'amazon',
          pointsUsed: 1000,
          createdAt: minutes(i),
        })),
        { userId: other.uid, giftType: 'amazon', pointsUsed: 1000, createdAt: minutes(3) },
        { userId: person.uid, giftType: 'amazon', pointsUsed: 1000, status: 'issued' as const },
      ]);

    const pages = await pagesOf<PendingGiftRequest>('/api/admin/gift-requests?q=gift.pager', 'requests');
    expect(pages.map((page) => page.length)).toEqual([50, 5]);
    const listed = pages.flat();
    expect(new Set(listed.map((request) => request.id)).size).toBe(55);
    expect(listed.every((request) => request.email === 'Gift.Pager@example.com')).toBe(true);
    const times = listed.map((request) => request.createdAt);
    expect(times).toEqual([...times].sort());

    const all = await t.admin.json<{ total: number; requests: PendingGiftRequest[] }>(
      'GET',
      '/api/admin/gift-requests',
    );
    expect(all.body.total).toBe(56);
    expect(all.body.requests).toHaveLength(50);
    const none = await t.admin.json<{ total: number }>('GET', '/api/admin/gift-requests?q=nobody.at.all');
    expect(none.body.total).toBe(0);
    const empty = await t.admin.json<ErrorReply>('GET', '/api/admin/gift-requests?q=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(advertiserConsoleMessages.searchInvalid);
  });

  it('pages the advertisers newest first, 50 a page, with and without a search', async () => {
    await db()
      .insert(users)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `paged-advertiser-${i}`,
          email: `paged-${i}@example.com`,
          emailHash: hashEmail(`paged-${i}@example.com`),
          role: 'advertiser' as const,
          companyName: `頁送り商事${i}`,
          createdAt: minutes(i),
        })),
      );
    const pages = await pagesOf<AdminAdvertiserSummary>(
      `/api/admin/advertisers?q=${encodeURIComponent('頁送り')}`,
      'advertisers',
    );
    expect(pages.map((page) => page.length)).toEqual([50, 10]);
    expect(pages.flat().map((advertiser) => advertiser.id)).toEqual(
      Array.from({ length: 60 }, (_, i) => `paged-advertiser-${59 - i}`),
    );
    const everyone = await pagesOf<AdminAdvertiserSummary>('/api/admin/advertisers', 'advertisers');
    expect(everyone[0]).toHaveLength(50);
    expect(new Set(everyone.flat().map((advertiser) => advertiser.id)).size).toBe(everyone.flat().length);
    const unknown = await t.admin.json<{ advertisers: unknown[]; nextCursor: null }>(
      'GET',
      '/api/admin/advertisers?cursor=nobody',
    );
    expect(unknown.body).toEqual({ advertisers: [], nextCursor: null });
  });
});
