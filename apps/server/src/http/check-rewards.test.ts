import { messages, type RewardCheckRow } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quizResponses } from '../db/schema.ts';
import { createAd } from '../test/factories.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe('reward check', () => {
  const t = useTestApp('pglite', { admin: true });

  it('finds a person’s responses by e-mail and whether each reward was given', async () => {
    const { client, email } = await t.as.user();
    const ad = await createAd(t.database.db, { adTitle: '確認用の広告' });
    await client.json('POST', `/api/ads/${ad.id}/click`);
    await t.database.db
      .update(quizResponses)
      .set({ clickedAt: new Date(Date.now() - 60_000) })
      .where(eq(quizResponses.adId, ad.id));
    await client.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
    const found = await t.admin.json<{ responses: RewardCheckRow[] }>(
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
    const missing = await t.admin.json<ErrorReply>('GET', '/api/admin/reward-check');
    expect(missing.body.error.message).toBe(messages.emailRequired);
    const unknown = await t.admin.json<ErrorReply>(
      'GET',
      '/api/admin/reward-check?email=nobody%40example.com',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(messages.rewardDataNotFound);
    const { client } = await t.as.user();
    expect((await client.json('GET', '/api/admin/reward-check?email=nobody%40example.com')).status).toBe(403);
  });
});
