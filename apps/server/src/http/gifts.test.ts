import { type GiftRequestView, messages, type PendingGiftRequest } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, devOutbox, giftRequests, users } from '../db/schema.ts';
import { requestGift } from '../test/gift-request.ts';
import { type ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe('point exchange', () => {
  const t = useTestApp('pglite', { admin: true });

  const balanceOf = async (uid: string) =>
    (await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, uid)))[0]!.points;

  it('deducts the points, creates a pending request, mails a confirmation and lists it', async () => {
    const { client, uid, email } = await t.as.user({ points: 1500 });
    const created = await requestGift<GiftRequestView>(client, 1000);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      giftType: 'amazon',
      pointsUsed: 1000,
      status: 'pending',
      giftCode: null,
    });
    expect(created.body.deliverBy).not.toBeNull();
    expect(await balanceOf(uid)).toBe(10 + 1500 - 1000);
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    expect(mail.map((m) => m.subject)).toContain('【クイズポイント】ポイント交換を受け付けました');
    const history = await client.json<{ requests: GiftRequestView[] }>('GET', '/api/gift-requests');
    expect(history.body.requests).toHaveLength(1);
  });

  it('refuses an unverified phone with the spec message', async () => {
    const { client } = await t.as.user();
    const response = await requestGift<ErrorReply>(client, 1000);
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(messages.giftNeedsPhone);
  });

  it('refuses a request that would overdraw', async () => {
    const { client, uid } = await t.as.user({ points: 900 });
    const response = await requestGift<ErrorReply>(client, 1000);
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(messages.insufficientPoints);
    expect(await balanceOf(uid)).toBe(910);
    expect(await t.database.db.select().from(giftRequests).where(eq(giftRequests.userId, uid))).toHaveLength(
      0,
    );
  });

  it.each([
    [{ giftType: 'amazon', points: -1000 }],
    [{ giftType: 'amazon', points: 0 }],
    [{ giftType: 'amazon', points: 999 }],
    [{ giftType: 'amazon', points: 1000.5 }],
    [{ giftType: 'amazon', points: 1e12 }],
    [{ giftType: 'amazon', points: '1000' }],
    [{ giftType: 'amazon', points: '１０００' }],
    [{ giftType: 'amazon', points: [1000] }],
    [{ giftType: 'itunes', points: 1000 }],
    [{ giftType: 'amazon', points: 1000, uid: 'someone-else' }],
    [{ giftType: 'amazon' }],
  ])('refuses %j with a clear message and changes nothing', async (body) => {
    const { client, uid } = await t.as.user({ points: 5000 });
    const response = await client.json<ErrorReply>('POST', '/api/gift-requests', body);
    expect(response.status).toBe(400);
    expect([messages.giftAmountInvalid, messages.giftTypeUnavailable, messages.badRequest]).toContain(
      response.body.error.message,
    );
    expect(await balanceOf(uid)).toBe(5010);
  });

  it('lets the admin issue a code the user then sees and receives by mail, once', async () => {
    const { client, email } = await t.as.user({ points: 1000 });
    const created = await requestGift<GiftRequestView>(client, 1000);
    const pending = await t.admin.json<{ requests: PendingGiftRequest[] }>('GET', '/api/admin/gift-requests');
    const mine = pending.body.requests.find((r) => r.id === created.body.id);
    expect(mine?.risk).toMatchObject({ phoneVerified: true, withdrawnBefore: false });
    const empty = await t.admin.json<ErrorReply>(
      'POST',
      `/api/admin/gift-requests/${created.body.id}/issue`,
      {
        giftCode: ' ',
      },
    );
    expect(empty.body.error.message).toBe(messages.giftCodeRequired);
    expect(
      (
        await t.admin.json('POST', `/api/admin/gift-requests/${created.body.id}/issue`, {
          giftCode: 'AMZN-1234',
        })
      ).status,
    ).toBe(200);
    const twice = await t.admin.json<ErrorReply>(
      'POST',
      `/api/admin/gift-requests/${created.body.id}/reject`,
      {
        reason: 'x',
      },
    );
    expect(twice.body.error.message).toBe(messages.giftAlreadySettled);
    const history = await client.json<{ requests: GiftRequestView[] }>('GET', '/api/gift-requests');
    expect(history.body.requests[0]).toMatchObject({
      status: 'issued',
      giftCode: 'AMZN-1234',
      deliverBy: null,
    });
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    expect(mail.find((m) => m.subject === '【クイズポイント】ギフトコードのお届け')?.text).toContain(
      'AMZN-1234',
    );
    const audited = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, created.body.id));
    expect(audited).toMatchObject([{ action: 'issue_gift', reason: null }]);
  });

  it('returns the points when the admin rejects, with the reason', async () => {
    const { client, uid } = await t.as.user({ points: 1000 });
    const created = await requestGift<GiftRequestView>(client, 1000);
    expect(await balanceOf(uid)).toBe(10);
    const empty = await t.admin.json<ErrorReply>(
      'POST',
      `/api/admin/gift-requests/${created.body.id}/reject`,
      {
        reason: '',
      },
    );
    expect(empty.body.error.message).toBe(messages.rejectionReasonRequired);
    await t.admin.json('POST', `/api/admin/gift-requests/${created.body.id}/reject`, {
      reason: '不正の疑い',
    });
    expect(await balanceOf(uid)).toBe(1010);
    const history = await client.json<{ requests: GiftRequestView[] }>('GET', '/api/gift-requests');
    expect(history.body.requests[0]).toMatchObject({ status: 'rejected', rejectionReason: '不正の疑い' });
  });

  it('refuses the admin endpoints to users, and another user’s request cannot be settled by them', async () => {
    const { client } = await t.as.user({ points: 1000 });
    const created = await requestGift<GiftRequestView>(client, 1000);
    const other = await t.as.user();
    for (const [path, body] of [
      ['/api/admin/gift-requests', undefined],
      [`/api/admin/gift-requests/${created.body.id}/issue`, { giftCode: 'X' }],
      [`/api/admin/gift-requests/${created.body.id}/reject`, { reason: 'x' }],
    ] as const) {
      const response = await other.client.json<ErrorReply>(body ? 'POST' : 'GET', path, body);
      expect(response.status, path).toBe(403);
      expect(response.body.error.message).toBe(messages.forbidden);
    }
    expect((await new TestHttpClient(t.url).json('GET', '/api/admin/gift-requests')).status).toBe(401);
  });
});
