import { messages } from '@quiz-points/shared';
import { desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devSmsOutbox, rateLimits } from '../db/schema.ts';
import { createAd, signedInAdvertiser, signedUpUser } from '../test/factories.ts';
import { type ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { burst, type Reply } from './support/bursts.ts';
import { useCluster } from './support/use-cluster.ts';

/**
 * The limits live in the database (rate_limits), so two instances share them: a burst spread over
 * both gets exactly the limit through, however the requests land. Every request here comes from
 * 127.0.0.1, so the per-IP limits are shared by the whole file.
 */
describe('rate limits hold across instances', () => {
  const cluster = useCluster();

  const limited = (replies: Reply[]) => {
    const refused = replies.filter((reply) => reply.status === 429);
    for (const reply of refused)
      expect((reply.body as ErrorReply).error?.message).toBe(messages.tooManyRequests);
    return refused.length;
  };

  it('materials requests: 10 an hour per address of origin', async () => {
    const replies = await burst(cluster, 30, new TestHttpClient(cluster.url), (on, i) =>
      on.json('POST', '/api/material-requests', { email: `materials-${i}@example.com` }),
    );
    expect(30 - limited(replies)).toBe(10);
  });

  it('advertiser sign-in: past 5 wrong passwords, one try per growing wait for the account and address', async () => {
    const { email } = await signedInAdvertiser(cluster);
    const client = new TestHttpClient(cluster.url);
    const wrong = (on: TestHttpClient) =>
      on.json<ErrorReply>('POST', '/api/advertiser/sign-in', { email, password: 'not-the-password' });
    // Instead of waiting, the counted attempts are moved into the past.
    const lastTryAgo = (seconds: number) =>
      cluster.database.db.execute(sql`update rate_limits set window_started_at = now() - make_interval(secs => ${seconds})
        where key like 'advertiser-sign-in:%'`);
    for (let i = 0; i < 5; i++) expect((await wrong(client)).status).toBe(401);
    for (let i = 0; i < 3; i++) {
      await lastTryAgo(300);
      expect((await wrong(client)).status).toBe(401);
    }
    // Eight failures: the next try may come 8 s after the last, the one after it 16 s later.
    await lastTryAgo(8);
    const replies = await burst(cluster, 25, client, wrong);
    expect(replies.filter((reply) => reply.status === 401)).toHaveLength(1);
    const waiting = replies.filter((reply) => reply.status === 429);
    expect(waiting).toHaveLength(24);
    for (const reply of waiting)
      expect((reply.body as ErrorReply).error?.message).toMatch(/秒後に再度お試しください/);
  });

  it('password reset: 3 mails per address an hour', async () => {
    const { email } = await signedInAdvertiser(cluster);
    const replies = await burst(cluster, 12, new TestHttpClient(cluster.url), (on) =>
      on.json('POST', '/api/advertiser/password-reset', { email }),
    );
    expect(12 - limited(replies)).toBe(3);
  });

  it('SMS sending: 5 codes per person an hour; verifying: 5 tries per code', async () => {
    const { client } = await signedUpUser(cluster);
    const sends = await burst(cluster, 12, client, (on, i) =>
      on.json('POST', '/api/phone/send-code', { phoneNumber: `0901234${String(5600 + i)}` }),
    );
    expect(12 - limited(sends)).toBe(5);
    const [latest] = await cluster.database.db
      .select()
      .from(devSmsOutbox)
      .orderBy(desc(devSmsOutbox.id))
      .limit(1);
    const code = /([0-9]{6})/.exec(latest!.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await burst(cluster, 8, client, (on) =>
      on.json('POST', '/api/phone/verify', { code: wrong }),
    );
    expect(tries.every((reply) => reply.status >= 400 && reply.status < 500)).toBe(true);
    const right = await client.json<{ kind?: string }>('POST', '/api/phone/verify', { code });
    expect(right.body.kind, 'the right code after the tries are used up').not.toBe('verified');
  });

  it('clicks: 120 an hour per person; answers: 240 an hour, counted with the answer itself', async () => {
    const { client, uid } = await signedUpUser(cluster);
    const ad = await createAd(cluster.database.db);
    const clicks = await burst(cluster, 140, client, (on) => on.json('POST', `/api/ads/${ad.id}/click`));
    expect(140 - limited(clicks)).toBe(120);
    // An answer's hit is counted in its own transaction (a refused answer counts nothing, and each
    // ad can be answered once anyway): 240 answers already this hour leave no room for another.
    await cluster.database.db
      .insert(rateLimits)
      .values({ key: `answer:user:${uid}`, windowStartedAt: new Date(), hits: 240 });
    const answers = await burst(cluster, 4, client, (on) =>
      on.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 }),
    );
    expect(limited(answers)).toBe(4);
  });
});
