import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devSmsOutbox, pointTransactions, users } from '../db/schema.ts';
import { findLedgerMismatches } from '../domain/points/ledger.ts';
import { signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { postgresKinds } from '../test/test-database.ts';
import { type TestAppHandle, useTestApp } from '../test/use-test-app.ts';

const BURST = 50;
const adult = { birthYear: 1985, birthMonth: 6, birthDay: 15, agreeToTerms: true };

async function latestCode(t: TestAppHandle, phoneE164: string): Promise<string> {
  const rows = await t.database.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, phoneE164));
  const text = rows.at(-1)?.text ?? '';
  return /([0-9]{6})/.exec(text)?.[1] ?? '';
}

describe.each(postgresKinds())('exactly once under concurrency on %s', (kind) => {
  const t = useTestApp(kind);

  it(`credits the signup bonus once when ${BURST} completions arrive at once`, async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'burst-signup@example.com');
    const responses = await Promise.all(
      Array.from({ length: BURST }, () =>
        client.json<{ bonus: number }>('POST', '/api/signup', { ...adult, gender: 'male' }),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(responses.filter((r) => r.body.bonus > 0)).toHaveLength(1);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'burst-signup@example.com'));
    expect(user?.points).toBe(20);
    const ledger = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, user!.id));
    expect(ledger).toHaveLength(1);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it(`verifies a phone and grants the referral pair once when ${BURST} verifications arrive at once`, async () => {
    const referrer = new TestHttpClient(t.url);
    await signInWithGoogle(referrer, 'burst-referrer@example.com');
    await referrer.json('POST', '/api/signup', adult);
    const [referrerRow] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'burst-referrer@example.com'));

    const friend = new TestHttpClient(t.url);
    await signInWithGoogle(friend, 'burst-friend@example.com');
    await friend.json('POST', '/api/signup', { ...adult, referralCode: referrerRow!.referralCode });
    expect((await friend.json('POST', '/api/phone/send-code', { phoneNumber: '090-1111-2222' })).status).toBe(
      200,
    );
    const code = await latestCode(t, '+819011112222');
    expect(code).toMatch(/^[0-9]{6}$/);

    const responses = await Promise.all(
      Array.from({ length: BURST }, () =>
        friend.json<{ kind: string }>('POST', '/api/phone/verify', { code }),
      ),
    );
    // Past the per-IP limit a burst is refused (429); whatever got through verified exactly once.
    expect(responses.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(responses.filter((r) => r.body.kind === 'verified')).toHaveLength(1);

    const referralRows = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.memo, '友達紹介ボーナス'));
    expect(referralRows).toHaveLength(1);
    const [friendRow] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'burst-friend@example.com'));
    expect(friendRow?.points).toBe(10 + 50);
    const [referrerAfter] = await t.database.db.select().from(users).where(eq(users.id, referrerRow!.id));
    expect(referrerAfter?.points).toBe(10 + 50);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});

describe.each(postgresKinds())('one phone number, one account, on %s', (kind) => {
  const t = useTestApp(kind);

  it('lets exactly one of five accounts verify the same number when they race', async () => {
    const clients: TestHttpClient[] = [];
    for (let i = 0; i < 5; i++) {
      const client = new TestHttpClient(t.url);
      await signInWithGoogle(client, `same-phone-${i}@example.com`);
      await client.json('POST', '/api/signup', adult);
      expect((await client.json('POST', '/api/phone/send-code', { phoneNumber: '08033334444' })).status).toBe(
        200,
      );
      clients.push(client);
    }
    const texts = await t.database.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, '+818033334444'));
    const codes = texts.map((row) => /([0-9]{6})/.exec(row.text)![1]!);
    // Every client tries every code at once; only its own code can match, and only one may win.
    const results = await Promise.all(
      clients.flatMap((client) =>
        codes.map((code) => client.json<{ kind?: string }>('POST', '/api/phone/verify', { code })),
      ),
    );
    expect(results.filter((r) => r.body.kind === 'verified')).toHaveLength(1);
    const owners = await t.database.db.select({ id: users.id }).from(users).where(isNotNull(users.phoneHash));
    expect(owners).toHaveLength(1);
  });
});
