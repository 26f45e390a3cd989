import { type AdListItem, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, ads, devOutbox } from '../db/schema.ts';
import { createPendingAd } from '../test/factories.ts';
import { type ErrorReply, TestHttpClient } from '../test/http-client.ts';
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
