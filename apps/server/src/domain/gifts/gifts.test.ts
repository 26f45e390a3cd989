import { type GiftRequestView, messages, type PendingGiftRequest } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, giftRequests, users } from '../../db/schema.ts';
import { signedInAdmin, signedUpUser, verifiedUserWithPoints } from '../../test/factories.ts';
import { TestHttpClient } from '../../test/http-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findLedgerMismatches } from '../points/ledger.ts';

type ErrorReply = { error: { message: string } };

describe('point exchange', () => {
  let t: TestApp;
  let admin: TestHttpClient;
  beforeAll(async () => {
    t = await createTestApp('pglite', { listen: true });
    admin = await signedInAdmin(t);
  });
  afterAll(async () => {
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
    await t.close();
  });

  const balanceOf = async (uid: string) =>
    (await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, uid)))[0]!.points;

  it('deducts the points, creates a pending request, mails a confirmation and lists it', async () => {
    const { client, uid, email } = await verifiedUserWithPoints(t, 1500);
    const created = await client.json<GiftRequestView>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
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
    const { client } = await signedUpUser(t);
    const response = await client.json<ErrorReply>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(messages.giftNeedsPhone);
  });

  it('refuses a request that would overdraw', async () => {
    const { client, uid } = await verifiedUserWithPoints(t, 900);
    const response = await client.json<ErrorReply>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
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
    const { client, uid } = await verifiedUserWithPoints(t, 5000);
    const response = await client.json<ErrorReply>('POST', '/api/gift-requests', body);
    expect(response.status).toBe(400);
    expect([messages.giftAmountInvalid, messages.giftTypeUnavailable, messages.badRequest]).toContain(
      response.body.error.message,
    );
    expect(await balanceOf(uid)).toBe(5010);
  });

  it('lets the admin issue a code the user then sees and receives by mail, once', async () => {
    const { client, email } = await verifiedUserWithPoints(t, 1000);
    const created = await client.json<GiftRequestView>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
    const pending = await admin.json<{ requests: PendingGiftRequest[] }>('GET', '/api/admin/gift-requests');
    const mine = pending.body.requests.find((r) => r.id === created.body.id);
    expect(mine?.risk).toMatchObject({ phoneVerified: true, withdrawnBefore: false });
    const empty = await admin.json<ErrorReply>('POST', `/api/admin/gift-requests/${created.body.id}/issue`, {
      giftCode: ' ',
    });
    expect(empty.body.error.message).toBe(messages.giftCodeRequired);
    expect(
      (
        await admin.json('POST', `/api/admin/gift-requests/${created.body.id}/issue`, {
          giftCode: 'AMZN-1234',
        })
      ).status,
    ).toBe(200);
    const twice = await admin.json<ErrorReply>('POST', `/api/admin/gift-requests/${created.body.id}/reject`, {
      reason: 'x',
    });
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
  });

  it('returns the points when the admin rejects, with the reason', async () => {
    const { client, uid } = await verifiedUserWithPoints(t, 1000);
    const created = await client.json<GiftRequestView>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
    expect(await balanceOf(uid)).toBe(10);
    const empty = await admin.json<ErrorReply>('POST', `/api/admin/gift-requests/${created.body.id}/reject`, {
      reason: '',
    });
    expect(empty.body.error.message).toBe(messages.rejectionReasonRequired);
    await admin.json('POST', `/api/admin/gift-requests/${created.body.id}/reject`, { reason: '不正の疑い' });
    expect(await balanceOf(uid)).toBe(1010);
    const history = await client.json<{ requests: GiftRequestView[] }>('GET', '/api/gift-requests');
    expect(history.body.requests[0]).toMatchObject({ status: 'rejected', rejectionReason: '不正の疑い' });
  });

  it('refuses the admin endpoints to users, and another user’s request cannot be settled by them', async () => {
    const { client } = await verifiedUserWithPoints(t, 1000);
    const created = await client.json<GiftRequestView>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
    const other = await signedUpUser(t);
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
