import {
  type AdListItem,
  type AdvertiserAd,
  japanIsoDate,
  messages,
  type PendingAd,
  type ProfileTargeting,
} from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, ads, devOutbox } from '../db/schema.ts';
import { createPendingAd } from '../test/factories.ts';
import { type ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { runningAdInput } from '../test/running-ad-input.ts';
import { databaseKinds, postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe.each(databaseKinds())('ad review on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it('lists pending ads oldest first with the correct option, and approval puts the ad in users’ lists', async () => {
    const ad = await createPendingAd(t.database.db);
    const summary = await t.admin.json<{ pendingAds: number }>('GET', '/api/admin/summary');
    expect(summary.body.pendingAds).toBeGreaterThanOrEqual(1);
    const pending = await t.admin.json<{ ads: { id: string; correctOptionIndex: number }[] }>(
      'GET',
      '/api/admin/ads/pending',
    );
    expect(pending.body.ads.find((a) => a.id === ad.id)?.correctOptionIndex).toBe(2);

    const user = await t.as.user();
    const before = await user.client.json<{ ads: AdListItem[] }>('GET', '/api/ads');
    expect(before.body.ads.map((a) => a.id)).not.toContain(ad.id);
    expect((await t.admin.json<{ mailed: boolean }>('POST', `/api/admin/ads/${ad.id}/approve`)).body).toEqual(
      {
        mailed: true,
      },
    );
    const after = await user.client.json<{ ads: AdListItem[] }>('GET', '/api/ads');
    expect(after.body.ads.map((a) => a.id)).toContain(ad.id);
    const again = await t.admin.json<ErrorReply>('POST', `/api/admin/ads/${ad.id}/reject`, { reason: 'x' });
    expect(again.body.error.message).toBe(messages.adAlreadyReviewed);
  });

  it('shows the reviewer everything the ad will be delivered with: profile targeting and the window as Japan-time days', async () => {
    const advertiser = await t.as.advertiser();
    const day = (days: number) => japanIsoDate(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
    const [startDate, endDate] = [day(1), day(31)];
    const targeting: ProfileTargeting = {
      targetPrefectures: ['鳥取県', '島根県'],
      targetOccupations: ['会社員'],
      targetIncomes: ['500万円〜'],
      targetMaritalStatuses: ['married'],
      targetChildren: ['with'],
    };
    const submitted = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ ...targeting, startDate, endDate }),
    );
    expect(submitted.status).toBe(201);
    const plain = await createPendingAd(t.database.db);

    const pending = await t.admin.json<{ ads: PendingAd[] }>('GET', '/api/admin/ads/pending');
    const targeted = pending.body.ads.find((a) => a.id === submitted.body.ad.id);
    expect(targeted).toMatchObject({ ...targeting, startDate, endDate });
    // The same days the advertiser is given back, not the stored instants (00:00 JST = 15:00 UTC the day before).
    expect([targeted?.startDate, targeted?.endDate]).toEqual([
      submitted.body.ad.startDate,
      submitted.body.ad.endDate,
    ]);
    expect(pending.body.ads.find((a) => a.id === plain.id)).toMatchObject({
      targetPrefectures: [],
      targetOccupations: [],
      targetIncomes: [],
      targetMaritalStatuses: [],
      targetChildren: [],
      startDate: null,
      endDate: null,
    });
  });

  it('needs a reason to reject, and mails it to the advertiser', async () => {
    const ad = await createPendingAd(t.database.db);
    const empty = await t.admin.json<ErrorReply>('POST', `/api/admin/ads/${ad.id}/reject`, { reason: '  ' });
    expect(empty.body.error.message).toBe(messages.rejectionReasonRequired);
    await t.admin.json('POST', `/api/admin/ads/${ad.id}/reject`, {
      reason: 'クイズの答えが広告ページにありません',
    });
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(row).toMatchObject({
      status: 'rejected',
      isActive: false,
      rejectionReason: 'クイズの答えが広告ページにありません',
    });
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, ad.advertiserEmail));
    expect(mail[0]?.text).toContain('クイズの答えが広告ページにありません');
    const audited = await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, ad.id));
    expect(audited).toMatchObject([{ action: 'reject_ad', reason: 'クイズの答えが広告ページにありません' }]);
  });

  it('refuses every review endpoint to users and visitors', async () => {
    const ad = await createPendingAd(t.database.db);
    const user = await t.as.user();
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
  const t = useTestApp(kind);

  it('settles a submission once when two admin tabs (and 18 more clicks) review it at once', async () => {
    const ad = await createPendingAd(t.database.db);
    const admin = await t.as.admin();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? admin.json('POST', `/api/admin/ads/${ad.id}/approve`)
          : admin.json('POST', `/api/admin/ads/${ad.id}/reject`, { reason: '重複' }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, ad.advertiserEmail));
    expect(mail).toHaveLength(1);
    expect(await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, ad.id))).toHaveLength(
      1,
    );
  });
});
