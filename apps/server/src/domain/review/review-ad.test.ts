import { type AdListItem, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, devOutbox, users } from '../../db/schema.ts';
import { createAd, signedInAdmin, signedUpUser } from '../../test/factories.ts';
import { TestHttpClient } from '../../test/http-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { databaseKinds, postgresKinds } from '../../test/test-database.ts';

type ErrorReply = { error: { message: string } };

async function advertiserAd(t: TestApp) {
  const email = `adv-${Math.random().toString(36).slice(2)}@example.com`;
  await t.database.db
    .insert(users)
    .values({ id: email, email, emailHash: email, role: 'advertiser', displayName: '広告社' });
  return createAd(t.database.db, { advertiserId: email, status: 'pending', isActive: false });
}

describe.each(databaseKinds())('ad review on %s', (kind) => {
  let t: TestApp;
  let admin: TestHttpClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { listen: true });
    admin = await signedInAdmin(t);
  });
  afterAll(() => t.close());

  it('lists pending ads oldest first with the correct option, and approval puts the ad in users’ lists', async () => {
    const ad = await advertiserAd(t);
    const summary = await admin.json<{ pendingAds: number }>('GET', '/api/admin/summary');
    expect(summary.body.pendingAds).toBeGreaterThanOrEqual(1);
    const pending = await admin.json<{ ads: { id: string; correctOptionIndex: number }[] }>(
      'GET',
      '/api/admin/ads/pending',
    );
    expect(pending.body.ads.find((a) => a.id === ad.id)?.correctOptionIndex).toBe(2);

    const user = await signedUpUser(t);
    const before = await user.client.json<{ ads: AdListItem[] }>('GET', '/api/ads');
    expect(before.body.ads.map((a) => a.id)).not.toContain(ad.id);
    expect((await admin.json<{ mailed: boolean }>('POST', `/api/admin/ads/${ad.id}/approve`)).body).toEqual({
      mailed: true,
    });
    const after = await user.client.json<{ ads: AdListItem[] }>('GET', '/api/ads');
    expect(after.body.ads.map((a) => a.id)).toContain(ad.id);
    const again = await admin.json<ErrorReply>('POST', `/api/admin/ads/${ad.id}/reject`, { reason: 'x' });
    expect(again.body.error.message).toBe(messages.adAlreadyReviewed);
  });

  it('needs a reason to reject, and mails it to the advertiser', async () => {
    const ad = await advertiserAd(t);
    const empty = await admin.json<ErrorReply>('POST', `/api/admin/ads/${ad.id}/reject`, { reason: '  ' });
    expect(empty.body.error.message).toBe(messages.rejectionReasonRequired);
    await admin.json('POST', `/api/admin/ads/${ad.id}/reject`, {
      reason: 'クイズの答えが広告ページにありません',
    });
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(row).toMatchObject({
      status: 'rejected',
      isActive: false,
      rejectionReason: 'クイズの答えが広告ページにありません',
    });
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, ad.advertiserId!));
    expect(mail[0]?.text).toContain('クイズの答えが広告ページにありません');
  });

  it('refuses every review endpoint to users and visitors', async () => {
    const ad = await advertiserAd(t);
    const user = await signedUpUser(t);
    for (const [method, path] of [
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/ads/pending'],
      ['POST', `/api/admin/ads/${ad.id}/approve`],
      ['POST', `/api/admin/ads/${ad.id}/reject`],
    ] as const) {
      const refused = await user.client.json<ErrorReply>(
        method,
        path,
        method === 'POST' ? { reason: 'x' } : undefined,
      );
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.message).toBe(messages.forbidden);
      expect((await new TestHttpClient(t.url).json(method, path)).status, path).toBe(401);
    }
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(row?.status).toBe('pending');
  });
});

describe.each(postgresKinds())('ad review under concurrency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { listen: true });
  });
  afterAll(() => t.close());

  it('settles a submission once when two admin tabs (and 18 more clicks) review it at once', async () => {
    const ad = await advertiserAd(t);
    const admin = await signedInAdmin(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? admin.json('POST', `/api/admin/ads/${ad.id}/approve`)
          : admin.json('POST', `/api/admin/ads/${ad.id}/reject`, { reason: '重複' }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, ad.advertiserId!));
    expect(mail).toHaveLength(1);
  });
});
