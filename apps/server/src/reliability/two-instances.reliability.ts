import type { LedgerReason } from '@quiz-points/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adDeliveries,
  devOutbox,
  devSmsOutbox,
  giftRequests,
  pointTransactions,
  quizResponses,
  users,
} from '../db/schema.ts';
import {
  createAd,
  createTodaysDailyQuiz,
  deliveryState,
  signedInAdmin,
  signedUpUser,
  verifiedUserWithPoints,
} from '../test/factories.ts';
import { signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { burst as burstOn, type Send, statusesOf, succeeded } from './support/bursts.ts';
import { useCluster } from './support/use-cluster.ts';

/**
 * Two server processes on one PostgreSQL database. Every once-only rule gets a burst of identical
 * requests fired at the same instant and spread over both processes; afterwards the rule held
 * exactly and the books balance (support/invariants.ts).
 */
describe('two instances, one database: every once-only rule under bursts', () => {
  const cluster = useCluster({ checkInvariants: true });

  const burst = (count: number, client: TestHttpClient, send: Send) => burstOn(cluster, count, client, send);
  const ledgerFor = (userId: string, reason: LedgerReason) =>
    cluster.database.db
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, userId), eq(pointTransactions.reason, reason)));

  it('credits an ad answer once among 150 identical answers', async () => {
    const { client, uid } = await signedUpUser(cluster);
    const ad = await createAd(cluster.database.db, { userReward: 30 });
    expect((await client.json('POST', `/api/ads/${ad.id}/click`)).status).toBe(200);
    const replies = await burst(150, client, (on) =>
      on.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 }),
    );
    expect(succeeded(replies)).toHaveLength(1);
    expect(statusesOf(replies)).toEqual([200, 409]);
    const credits = await ledgerFor(uid, 'ad_quiz');
    expect(credits.map((c) => c.points)).toEqual([30]);
  });

  it('delivers an ad exactly up to its cap when 40 people click it 3 times each at once', async () => {
    const cap = 12;
    const ad = await createAd(cluster.database.db, { maxDeliveries: cap });
    const people: TestHttpClient[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const signedUp = await Promise.all(Array.from({ length: 8 }, () => signedUpUser(cluster)));
      people.push(...signedUp.map((person) => person.client));
    }
    const replies = (
      await Promise.all(
        people.map((client) => burst(3, client, (on) => on.json('POST', `/api/ads/${ad.id}/click`))),
      )
    ).flat();
    expect(await deliveryState(cluster.database.db, ad.id)).toEqual({
      delivered: cap,
      remaining: 0,
      isActive: false,
    });
    const deliveries = await cluster.database.db
      .select()
      .from(adDeliveries)
      .where(eq(adDeliveries.adId, ad.id));
    expect(deliveries).toHaveLength(cap);
    expect(new Set(deliveries.map((d) => d.userId)).size).toBe(cap);
    expect(
      await cluster.database.db.select().from(quizResponses).where(eq(quizResponses.adId, ad.id)),
    ).toHaveLength(cap);
    // Each person who got through may see their own repeat clicks succeed (idempotent); nobody else.
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  });

  it('gives one gacha reward among 150 identical claims', async () => {
    const { client, uid } = await signedUpUser(cluster);
    const replies = await burst(150, client, (on) => on.json('POST', '/api/gacha/claim'));
    expect(succeeded(replies)).toHaveLength(1);
    expect(statusesOf(replies)).toEqual([200, 409]);
    expect(await ledgerFor(uid, 'gacha')).toHaveLength(1);
  });

  it('grades one daily-quiz answer among 150 identical answers', async () => {
    await createTodaysDailyQuiz(cluster.database.db);
    const { client, uid } = await signedUpUser(cluster);
    const replies = await burst(150, client, (on) =>
      on.json('POST', '/api/daily-quiz/answer', { option: 3 }),
    );
    expect(succeeded(replies)).toHaveLength(1);
    expect(await ledgerFor(uid, 'daily_quiz')).toHaveLength(1);
  });

  it('credits one signup bonus among 150 identical signups', async () => {
    const client = new TestHttpClient(cluster.url);
    const email = `burst-signup-${Date.now()}@example.com`;
    await signInWithGoogle(client, email);
    const replies = await burst(150, client, (on) =>
      on.json('POST', '/api/signup', { birthYear: 1988, birthMonth: 3, birthDay: 3, agreeToTerms: true }),
    );
    expect(statusesOf(replies)).toEqual([200]);
    expect(replies.filter((r) => (r.body as { bonus: number }).bonus > 0)).toHaveLength(1);
    const [user] = await cluster.database.db.select().from(users).where(eq(users.email, email));
    expect(await ledgerFor(user!.id, 'signup_bonus')).toHaveLength(1);
  });

  it('grants one referral pair among 60 identical phone verifications', async () => {
    const referrer = await signedUpUser(cluster);
    const [referrerRow] = await cluster.database.db.select().from(users).where(eq(users.id, referrer.uid));
    const friend = new TestHttpClient(cluster.url);
    await signInWithGoogle(friend, `burst-friend-${Date.now()}@example.com`);
    await friend.json('POST', '/api/signup', {
      birthYear: 1990,
      birthMonth: 1,
      birthDay: 1,
      agreeToTerms: true,
      referralCode: referrerRow!.referralCode,
    });
    expect((await friend.json('POST', '/api/phone/send-code', { phoneNumber: '090-5555-6666' })).status).toBe(
      200,
    );
    const [text] = await cluster.database.db
      .select()
      .from(devSmsOutbox)
      .where(eq(devSmsOutbox.to, '+819055556666'));
    const code = /([0-9]{6})/.exec(text!.text)![1]!;
    const replies = await burst(60, friend, (on) => on.json('POST', '/api/phone/verify', { code }));
    expect(replies.filter((r) => (r.body as { kind?: string }).kind === 'verified')).toHaveLength(1);
    expect(replies.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(await ledgerFor(referrer.uid, 'referral_referrer')).toHaveLength(1);
    const [friendRow] = await cluster.database.db
      .select()
      .from(users)
      .where(eq(users.referredBy, referrerRow!.referralCode!));
    expect(await ledgerFor(friendRow!.id, 'referral_friend')).toHaveLength(1);
  });

  it('never overdraws: 200 simultaneous 1,000 Pt gift requests on 5,010 Pt succeed 5 times', async () => {
    const { client, uid } = await verifiedUserWithPoints(cluster, 5000);
    const replies = await burst(200, client, (on) =>
      on.json('POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 }),
    );
    expect(succeeded(replies)).toHaveLength(5);
    expect(statusesOf(replies)).toEqual([201, 409]);
    const [user] = await cluster.database.db.select().from(users).where(eq(users.id, uid));
    expect(user?.points).toBe(10);
    expect(
      await cluster.database.db.select().from(giftRequests).where(eq(giftRequests.userId, uid)),
    ).toHaveLength(5);
  });

  it('settles each gift request once when 60 issue and reject actions per request arrive at once', async () => {
    const { client, uid } = await verifiedUserWithPoints(cluster, 3000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await client.json<{ id: string }>('POST', '/api/gift-requests', {
        giftType: 'amazon',
        points: 1000,
      });
      ids.push(created.body.id);
    }
    const admin = await signedInAdmin(cluster);
    const replies = await Promise.all(
      ids.map((id) =>
        burst(60, admin, (on, i) =>
          i % 2 === 0
            ? on.json('POST', `/api/admin/gift-requests/${id}/issue`, { giftCode: `CODE-${i}` })
            : on.json('POST', `/api/admin/gift-requests/${id}/reject`, { reason: '重複' }),
        ),
      ),
    );
    for (const perRequest of replies) expect(succeeded(perRequest)).toHaveLength(1);
    const settled = await cluster.database.db
      .select()
      .from(giftRequests)
      .where(inArray(giftRequests.id, ids));
    const rejected = settled.filter((request) => request.status === 'rejected').length;
    expect(settled.every((request) => request.status !== 'pending')).toBe(true);
    expect(await ledgerFor(uid, 'gift_refund')).toHaveLength(rejected);
    const [user] = await cluster.database.db.select().from(users).where(eq(users.id, uid));
    expect(user?.points).toBe(10 + rejected * 1000);
  });

  it('reviews an ad once when 60 approvals and rejections arrive at once', async () => {
    const email = `reviewed-${Date.now()}@example.com`;
    await cluster.database.db
      .insert(users)
      .values({ id: email, email, emailHash: email, role: 'advertiser', displayName: '広告社' });
    const ad = await createAd(cluster.database.db, {
      advertiserId: email,
      status: 'pending',
      isActive: false,
    });
    const admin = await signedInAdmin(cluster);
    const replies = await burst(60, admin, (on, i) =>
      i % 2 === 0
        ? on.json('POST', `/api/admin/ads/${ad.id}/approve`)
        : on.json('POST', `/api/admin/ads/${ad.id}/reject`, { reason: '内容が不明確です' }),
    );
    expect(succeeded(replies)).toHaveLength(1);
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await cluster.database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(1);
  });
});
