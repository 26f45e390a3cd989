import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adDeliveries, pointTransactions, quizResponses } from '../db/schema.ts';
import { createAd, createTodaysDailyQuiz, deliveryState } from '../test/factories.ts';
import { postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const BURST = 100;
const CAP = 10;

describe.each(postgresKinds())('earning exactly once under concurrency on %s', (kind) => {
  const t = useTestApp(kind);

  const fire = <T>(count: number, request: () => Promise<T>) =>
    Promise.all(Array.from({ length: count }, request));
  const ledgerReasons = async (userId: string) =>
    (
      await t.database.db
        .select({ reason: pointTransactions.reason })
        .from(pointTransactions)
        .where(eq(pointTransactions.userId, userId))
    ).map((entry) => entry.reason);
  /** One of a burst went through; the others were refused as already done. */
  const expectOneAccepted = (responses: { status: number }[]) => {
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  };

  it(`credits ${BURST} simultaneous identical answers once`, async () => {
    const { client, uid } = await t.as.user();
    const ad = await createAd(t.database.db, { userReward: 20 });
    await client.json('POST', `/api/ads/${ad.id}/click`);
    await t.database.db
      .update(quizResponses)
      .set({ clickedAt: new Date(Date.now() - 60_000) })
      .where(eq(quizResponses.adId, ad.id));
    const responses = await fire(BURST, () => client.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 }));
    expectOneAccepted(responses);
    const credits = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.ref, ad.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]?.userId).toBe(uid);
  });

  it(`gives ${BURST} simultaneous gacha claims one reward`, async () => {
    const { client, uid } = await t.as.user();
    const responses = await fire(BURST, () => client.json('POST', '/api/gacha/claim'));
    expectOneAccepted(responses);
    expect((await ledgerReasons(uid)).filter((reason) => reason === 'gacha')).toHaveLength(1);
  });

  it(`grades ${BURST} simultaneous daily-quiz answers once`, async () => {
    await createTodaysDailyQuiz(t.database.db);
    const { client, uid } = await t.as.user();
    const responses = await fire(BURST, () => client.json('POST', '/api/daily-quiz/answer', { option: 3 }));
    expectOneAccepted(responses);
    expect((await ledgerReasons(uid)).filter((reason) => reason === 'daily_quiz')).toHaveLength(1);
  });

  it(`delivers exactly ${CAP} when ${5 * CAP} different users click an ad capped at ${CAP} at once`, async () => {
    const ad = await createAd(t.database.db, { maxDeliveries: CAP });
    const people = [];
    for (let i = 0; i < 5 * CAP; i += 10) {
      people.push(...(await Promise.all(Array.from({ length: 10 }, () => t.as.user()))));
    }
    const responses = await Promise.all(
      people.map(({ client }) => client.json('POST', `/api/ads/${ad.id}/click`)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(CAP);
    expect(await deliveryState(t.database.db, ad.id)).toEqual({
      delivered: CAP,
      remaining: 0,
      isActive: false,
    });
    expect(await t.database.db.select().from(adDeliveries).where(eq(adDeliveries.adId, ad.id))).toHaveLength(
      CAP,
    );
    expect(
      await t.database.db.select().from(quizResponses).where(eq(quizResponses.adId, ad.id)),
    ).toHaveLength(CAP);
  });
});
