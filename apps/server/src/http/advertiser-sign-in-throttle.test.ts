import { messages, signInWaitMessage } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factories.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds, postgresKinds } from '../test/test-database.ts';
import { type TestAppHandle, useTestApp } from '../test/use-test-app.ts';

// Each refused sign-in still checks a password (scrypt, on purpose slow): a test here hashes 20 to 55
// of them, seconds of CPU that a loaded 2-core machine running other files beside it stretches well
// past the usual 30 s.
const HASHING_TESTS = { timeout: 120_000 };

/** Password sign-in from a given client address (Fastify's inject sets the socket's address). */
function signIn(t: TestAppHandle, remoteAddress: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/advertiser/sign-in',
    remoteAddress,
    payload: { email, password },
  });
}

/** Five wrong passwords from one address, each refused as wrong (not yet as too many). */
async function failFiveTimes(t: TestAppHandle, remoteAddress: string, email: string, password: string) {
  for (let i = 0; i < 5; i++) expect((await signIn(t, remoteAddress, email, password)).statusCode).toBe(401);
}

/** A new advertiser whose password `attacker` got wrong five times. */
async function advertiserFailedFiveTimes(t: TestAppHandle, attacker: string) {
  const { email } = await t.as.advertiser();
  await failFiveTimes(t, attacker, email, 'wrong-password');
  return email;
}

/**
 * Moves the clock instead of waiting: every counted attempt now dates from `seconds` ago (0: the
 * next attempt comes right after the last one, however long the password check took).
 */
async function lastAttemptsAgo(t: TestAppHandle, seconds: number) {
  await t.database.db.execute(
    sql`update rate_limits set window_started_at = now() - make_interval(secs => ${seconds})`,
  );
}

describe.each(databaseKinds())('advertiser sign-in throttling on %s', HASHING_TESTS, (kind) => {
  const t = useTestApp(kind);

  it('slows an address that keeps failing for one account with growing waits, the right password included', async () => {
    const attacker = '203.0.113.10';
    const email = await advertiserFailedFiveTimes(t, attacker);
    for (const wait of [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]) {
      await lastAttemptsAgo(t, 0);
      for (const password of ['wrong-password', TEST_PASSWORD]) {
        const refused = await signIn(t, attacker, email, password);
        expect(refused.statusCode, `wait ${wait}`).toBe(429);
        expect(refused.json<ErrorReply>().error).toEqual({
          code: 'RATE_LIMITED',
          message: signInWaitMessage(wait),
        });
      }
      await lastAttemptsAgo(t, wait);
      expect((await signIn(t, attacker, email, 'wrong-password')).statusCode, `after ${wait}`).toBe(401);
    }
  });

  it('lets the owner sign in from another address after an attacker’s 50 failures', async () => {
    const { email } = await t.as.advertiser();
    const attacker = '203.0.113.20';
    let failures = 0;
    for (let attempt = 0; attempt < 200 && failures < 50; attempt++) {
      const reply = await signIn(t, attacker, email, `guess-${attempt}`);
      if (reply.statusCode === 429) {
        await lastAttemptsAgo(t, 300); // the attacker waits as long as told
        continue;
      }
      expect(reply.statusCode).toBe(401);
      failures++;
    }
    expect(failures).toBe(50);
    const owner = await signIn(t, '198.51.100.20', email, TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json<{ advertiser: { email: string } }>().advertiser.email).toBe(email);
  });

  it('forgets an address’s failures for an account once the right password comes from it', async () => {
    const { email } = await t.as.advertiser();
    const address = '198.51.100.30';
    await failFiveTimes(t, address, email, 'typo-password');
    await lastAttemptsAgo(t, 1);
    expect((await signIn(t, address, email, TEST_PASSWORD)).statusCode).toBe(200);
    await failFiveTimes(t, address, email, 'typo-password');
    await lastAttemptsAgo(t, 0);
    expect((await signIn(t, address, email, 'typo-password')).json<ErrorReply>().error.message).toBe(
      signInWaitMessage(1),
    );
  });

  it('stops one address trying many accounts at 50 wrong passwords an hour; right ones do not count', async () => {
    const { email } = await t.as.advertiser();
    const sprayer = '203.0.113.40';
    for (let i = 0; i < 3; i++) expect((await signIn(t, sprayer, email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 50; i++) {
      expect((await signIn(t, sprayer, `victim-${i}@example.com`, 'password-1')).statusCode, `${i}`).toBe(
        401,
      );
    }
    for (const [address, password] of [
      ['victim-50@example.com', 'password-1'],
      [email, TEST_PASSWORD],
    ] as const) {
      const refused = await signIn(t, sprayer, address, password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorReply>().error).toEqual({
        code: 'RATE_LIMITED',
        message: messages.tooManyRequests,
      });
    }
    expect((await signIn(t, '198.51.100.40', email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe.each(postgresKinds())(
  'advertiser sign-in throttling under concurrency on %s',
  HASHING_TESTS,
  (kind) => {
    const t = useTestApp(kind);

    it('checks one password when 20 wrong ones arrive at once after a wait, and no more', async () => {
      const attacker = '203.0.113.50';
      const email = await advertiserFailedFiveTimes(t, attacker);
      for (let i = 0; i < 3; i++) {
        await lastAttemptsAgo(t, 300);
        expect((await signIn(t, attacker, email, 'wrong-password')).statusCode).toBe(401);
      }
      // Eight failures: the next try may come 8 s after the last, the one after it 16 s later.
      await lastAttemptsAgo(t, 8);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => signIn(t, attacker, email, 'wrong-password')),
      );
      expect(replies.filter((reply) => reply.statusCode === 401)).toHaveLength(1);
      const refused = replies.filter((reply) => reply.statusCode === 429);
      expect(refused).toHaveLength(19);
      for (const reply of refused) expect(reply.json<ErrorReply>().error.code).toBe('RATE_LIMITED');
    });

    it('checks 5 passwords when 20 wrong ones for 20 accounts arrive at once with 5 failures left of the hour’s 50', async () => {
      const { email } = await t.as.advertiser();
      const sprayer = '203.0.113.60';
      for (let i = 0; i < 45; i++) {
        expect((await signIn(t, sprayer, `first-${i}@example.com`, 'password-1')).statusCode).toBe(401);
        // An advertiser's own sign-ins from the same address do not use up its failures.
        if (i % 9 === 0) expect((await signIn(t, sprayer, email, TEST_PASSWORD)).statusCode).toBe(200);
      }
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(t, sprayer, `burst-${i}@example.com`, 'password-1')),
      );
      expect(replies.filter((reply) => reply.statusCode === 401)).toHaveLength(5);
      expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(15);
    });
  },
);
