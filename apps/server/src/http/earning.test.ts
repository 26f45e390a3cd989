import { type AdListItem, type AdQuiz, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adDeliveries, ads, pointTransactions, quizResponses, users } from '../db/schema.ts';
import { createAd, createTodaysDailyQuiz, deliveryState } from '../test/factories.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe('earning through ads, quizzes, the gacha and the daily quiz', () => {
  const t = useTestApp();

  /** Moves a click back in time instead of waiting 30 real seconds. */
  const ageClick = (_uid: string, adId: string, seconds: number) =>
    t.database.db
      .update(quizResponses)
      .set({ clickedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(quizResponses.adId, adId));

  it('lists targeted ads by reward then newest, and hides ads aimed at others', async () => {
    const { client } = await t.as.user({ birthYear: 1990, gender: 'male' });
    const low = await createAd(t.database.db, { userReward: 5, adTitle: '安い広告' });
    const high = await createAd(t.database.db, { userReward: 50, adTitle: '高い広告' });
    const teens = await createAd(t.database.db, {
      userReward: 99,
      targetAgeRange: { '10s': true, '20s': false, '30s': false, '40s': false, '50s': false, '60s': false },
    });
    const women = await createAd(t.database.db, {
      userReward: 98,
      targetGender: { male: false, female: true, other: false },
    });
    const thirtiesMen = await createAd(t.database.db, {
      userReward: 30,
      targetGender: { male: true, female: false, other: false },
      targetAgeRange: { '10s': false, '20s': false, '30s': true, '40s': false, '50s': false, '60s': false },
    });
    await createAd(t.database.db, { status: 'pending', isActive: false, userReward: 97 });

    const { body } = await client.json<{ ads: AdListItem[] }>('GET', '/api/ads');
    const ids = body.ads.map((ad) => ad.id);
    expect(ids).not.toContain(teens.id);
    expect(ids).not.toContain(women.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(thirtiesMen.id));
    expect(ids.indexOf(thirtiesMen.id)).toBeLessThan(ids.indexOf(low.id));
    expect(JSON.stringify(body)).not.toContain('correct');
  });

  it('clicks once, waits, answers right for the full reward, and never twice', async () => {
    const { client, uid } = await t.as.user();
    const ad = await createAd(t.database.db, { userReward: 20 });

    const early = await client.json<ErrorReply>('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
    expect(early.body.error.message).toBe(messages.openAdFirst);

    expect((await client.json('POST', `/api/ads/${ad.id}/click`)).status).toBe(200);
    expect((await client.json('POST', `/api/ads/${ad.id}/click`)).status).toBe(200);
    expect(await deliveryState(t.database.db, ad.id)).toEqual({
      delivered: 1,
      remaining: 99,
      isActive: true,
    });
    expect(await t.database.db.select().from(adDeliveries).where(eq(adDeliveries.adId, ad.id))).toHaveLength(
      1,
    );

    const tooSoon = await client.json<ErrorReply>('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
    expect(tooSoon.status).toBe(425);
    expect(tooSoon.body.error.message).toBe(messages.waitBeforeAnswer);

    const quiz = await client.json<AdQuiz>('GET', `/api/ads/${ad.id}/quiz`);
    expect(quiz.body).toMatchObject({ quizOptions: ['いち', 'に', 'さん'], answered: false });
    expect(JSON.stringify(quiz.body)).not.toContain('correct');

    await ageClick(uid, ad.id, 31);
    const answer = await client.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
    expect(answer.body).toEqual({ isCorrect: true, points: 20, correctOption: 2, balance: 10 + 20 });
    const again = await client.json<ErrorReply>('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
    expect(again.body.error.message).toBe(messages.adAlreadyAnswered);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, uid));
    expect(user?.points).toBe(10 + 20);
  });

  it('says an ad opened before its delivery ended takes no more answers, and why', async () => {
    const { client, uid } = await t.as.user();
    const ad = await createAd(t.database.db);
    await client.json('POST', `/api/ads/${ad.id}/click`);
    await ageClick(uid, ad.id, 31);
    expect((await client.json<AdQuiz>('GET', `/api/ads/${ad.id}/quiz`)).body.ended).toBe(false);
    // The advertiser ends it while the member waits.
    await t.database.db.update(ads).set({ isActive: false }).where(eq(ads.id, ad.id));
    expect((await client.json<AdQuiz>('GET', `/api/ads/${ad.id}/quiz`)).body.ended).toBe(true);
    const refused = await client.json<ErrorReply>('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
    expect(refused.body.error.message).toBe(messages.adEnded);
  });

  it('gives 10 % (at least 1) for a wrong answer', async () => {
    const { client, uid } = await t.as.user();
    const ad = await createAd(t.database.db, { userReward: 25 });
    await client.json('POST', `/api/ads/${ad.id}/click`);
    await ageClick(uid, ad.id, 30);
    expect((await client.json('POST', `/api/ads/${ad.id}/answer`, { option: 1 })).body).toEqual({
      isCorrect: false,
      points: 2,
      correctOption: 2,
      balance: 10 + 2,
    });
  });

  it.each([
    [{ option: 0 }],
    [{ option: 6 }],
    [{ option: 4 }],
    [{ option: 1.5 }],
    [{ option: '2' }],
    [{}],
    [{ option: 2, points: 1000 }],
    [{ option: 2, uid: 'someone' }],
    [{ option: 2, isCorrect: true }],
  ])('refuses the answer %j with a clear message and changes nothing', async (body) => {
    const { client, uid } = await t.as.user();
    const ad = await createAd(t.database.db);
    await client.json('POST', `/api/ads/${ad.id}/click`);
    await ageClick(uid, ad.id, 31);
    const response = await client.json<ErrorReply>('POST', `/api/ads/${ad.id}/answer`, body);
    expect(response.status).toBe(400);
    expect([messages.chooseOneOption, messages.badRequest]).toContain(response.body.error.message);
    const [response_] = await t.database.db.select().from(quizResponses).where(eq(quizResponses.adId, ad.id));
    expect(response_?.answeredAt).toBeNull();
  });

  it('allows one ad wait at a time', async () => {
    const { client } = await t.as.user();
    const first = await createAd(t.database.db);
    const second = await createAd(t.database.db);
    await client.json('POST', `/api/ads/${first.id}/click`);
    const refused = await client.json<ErrorReply>('POST', `/api/ads/${second.id}/click`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(messages.alreadyWaiting);
  });

  it('stops an ad at its cap; the last one delivered can still answer, the next is refused', async () => {
    const ad = await createAd(t.database.db, { maxDeliveries: 1 });
    const a = await t.as.user();
    const b = await t.as.user();
    expect((await a.client.json('POST', `/api/ads/${ad.id}/click`)).status).toBe(200);
    expect(await deliveryState(t.database.db, ad.id)).toEqual({
      delivered: 1,
      remaining: 0,
      isActive: false,
    });
    const refused = await b.client.json<ErrorReply>('POST', `/api/ads/${ad.id}/click`);
    expect(refused.body.error.message).toBe(messages.adCapReached);
    await ageClick(a.uid, ad.id, 31);
    expect((await a.client.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 })).status).toBe(200);
  });

  it('refuses clicks on ended, unknown and malformed ads', async () => {
    const { client } = await t.as.user();
    const ended = await createAd(t.database.db, { isActive: false });
    expect((await client.json<ErrorReply>('POST', `/api/ads/${ended.id}/click`)).body.error.message).toBe(
      messages.adEnded,
    );
    const unknown = await client.json<ErrorReply>(
      'POST',
      '/api/ads/00000000-0000-4000-8000-000000000000/click',
    );
    expect(unknown.body.error.message).toBe(messages.quizNotFound);
    expect((await client.json('POST', '/api/ads/not-a-uuid/click')).status).toBe(404);
  });

  it('gives one gacha a day from the configured table', async () => {
    const { client, uid } = await t.as.user();
    const first = await client.json<{ success: boolean; reward: number; balance: number }>(
      'POST',
      '/api/gacha/claim',
    );
    expect(first.body.success).toBe(true);
    expect([1, 3, 5, 10, 50]).toContain(first.body.reward);
    expect(first.body.balance).toBe(10 + first.body.reward);
    const second = await client.json<ErrorReply>('POST', '/api/gacha/claim');
    expect(second.body.error.message).toBe(messages.gachaAlreadyClaimed);
    const gacha = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, uid));
    expect(gacha.filter((entry) => entry.reason === 'gacha')).toHaveLength(1);
  });

  it('serves today’s daily quiz without its answer and grades it once', async () => {
    const { client } = await t.as.user();
    const missing = await client.json<ErrorReply>('GET', '/api/daily-quiz/today');
    expect(missing.body.error.message).toBe(messages.dailyQuizNotPublished);
    await createTodaysDailyQuiz(t.database.db);
    const today = await client.json('GET', '/api/daily-quiz/today');
    expect(JSON.stringify(today.body)).not.toContain('correct');
    expect((await client.json('POST', '/api/daily-quiz/answer', { option: 3, isCorrect: true })).status).toBe(
      400,
    );
    const answer = await client.json('POST', '/api/daily-quiz/answer', { option: 3 });
    expect(answer.body).toEqual({
      isCorrect: true,
      points: 5,
      correctOption: 3,
      explanation: '正解はCです。',
      balance: 10 + 5,
    });
    const again = await client.json<ErrorReply>('POST', '/api/daily-quiz/answer', { option: 3 });
    expect(again.body.error.message).toBe(messages.dailyQuizAlreadyAnswered);
    const history = await client.json<{ entries: { points: number; memo: string }[] }>(
      'GET',
      '/api/points/history',
    );
    expect(history.body.entries.map((entry) => entry.memo)).toEqual(['デイリークイズ', '会員登録ボーナス']);
  });

  it('refuses earning endpoints to visitors', async () => {
    const { TestHttpClient } = await import('../test/http-client.ts');
    const visitor = new TestHttpClient(t.url);
    for (const [method, path] of [
      ['GET', '/api/ads'],
      ['POST', '/api/gacha/claim'],
      ['GET', '/api/points/history'],
    ] as const) {
      expect((await visitor.json(method, path)).status, path).toBe(401);
    }
  });
});
