import { messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizResponses } from '../../db/schema.ts';
import { createAd, signedInAdmin, signedUpUser } from '../../test/factories.ts';
import type { TestHttpClient } from '../../test/http-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { RewardCheckRow } from './check-rewards.ts';

type ErrorReply = { error: { message: string } };

describe('reward check', () => {
  let t: TestApp;
  let admin: TestHttpClient;
  beforeAll(async () => {
    t = await createTestApp('pglite', { listen: true });
    admin = await signedInAdmin(t);
  });
  afterAll(() => t.close());

  it('finds a person’s responses by e-mail and whether each reward was given', async () => {
    const { client, email } = await signedUpUser(t);
    const ad = await createAd(t.database.db, { adTitle: '確認用の広告' });
    await client.json('POST', `/api/ads/${ad.id}/click`);
    await t.database.db
      .update(quizResponses)
      .set({ clickedAt: new Date(Date.now() - 60_000) })
      .where(eq(quizResponses.adId, ad.id));
    await client.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
    const found = await admin.json<{ responses: RewardCheckRow[] }>(
      'GET',
      `/api/admin/reward-check?email=${encodeURIComponent(` ${email.toUpperCase()} `)}`,
    );
    expect(found.body.responses).toEqual([
      expect.objectContaining({
        adTitle: '確認用の広告',
        rewardGiven: true,
        pointsAwarded: 20,
        isCorrect: true,
      }),
    ]);
  });

  it('says which input is missing or unknown, with the spec messages', async () => {
    const missing = await admin.json<ErrorReply>('GET', '/api/admin/reward-check');
    expect(missing.body.error.message).toBe(messages.emailRequired);
    const unknown = await admin.json<ErrorReply>('GET', '/api/admin/reward-check?email=nobody%40example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(messages.rewardDataNotFound);
    const { client } = await signedUpUser(t);
    expect((await client.json('GET', '/api/admin/reward-check?email=nobody%40example.com')).status).toBe(403);
  });
});
