import { type Me, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pointTransactions, users } from '../db/schema.ts';
import { findLedgerMismatches } from '../domain/points/ledger.ts';
import { signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';

const adult = { birthYear: 1990, birthMonth: 4, birthDay: 1, agreeToTerms: true };

describe('signing in with Google and completing signup', () => {
  const t = useTestApp();

  it('creates the user on first sign-in and sends them to signup', async () => {
    const client = new TestHttpClient(t.url);
    expect((await client.json<{ user: Me | null }>('GET', '/api/me')).body.user).toBeNull();
    expect(await signInWithGoogle(client, 'first@example.com', '初回 太郎')).toBe('/signup');
    const me = (await client.json<{ user: Me }>('GET', '/api/me')).body.user;
    expect(me).toMatchObject({ email: 'first@example.com', role: 'user', needsSignup: true, points: 0 });
    expect(me.referralCode).toMatch(/^[A-Za-z0-9]{8}$/);
  });

  it('credits the signup bonus computed by the server, once, and ignores forged amounts', async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'bonus@example.com');
    const forged = await client.json('POST', '/api/signup', { ...adult, points: 100000 });
    expect(forged.status).toBe(400);
    const first = await client.json<{ bonus: number }>('POST', '/api/signup', {
      ...adult,
      zipCode: '1500002',
      gender: 'female',
      occupation: '会社員',
    });
    expect(first).toEqual({ status: 200, body: { bonus: 40, alreadyCompleted: false } });
    const again = await client.json<{ bonus: number }>('POST', '/api/signup', {
      ...adult,
      annualIncome: '〜300万円',
    });
    expect(again.body).toEqual({ bonus: 0, alreadyCompleted: true });
    const me = (await client.json<{ user: Me }>('GET', '/api/me')).body.user;
    expect(me).toMatchObject({
      points: 40,
      prefecture: '東京都',
      city: '渋谷区',
      needsSignup: false,
      gender: 'female',
      // The signup bonus is the first day of the member's streak; the passbook starts this month.
      streakDays: 1,
    });
    expect(Date.now() - Date.parse(me.signedUpAt ?? '')).toBeLessThan(60_000);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });

  it.each([
    [{ ...adult, birthDay: undefined }, messages.birthDateIncomplete],
    [{ ...adult, birthMonth: 2, birthDay: 30 }, messages.birthDateIncomplete],
    [{ ...adult, birthYear: new Date().getFullYear() - 17 }, messages.underage],
    [{ ...adult, zipCode: '0000000' }, messages.zipAddressUnresolved],
    [{ ...adult, zipCode: '150-0002' }, messages.zipAddressUnresolved],
    [{ ...adult, agreeToTerms: false }, messages.termsRequired],
    [{ ...adult, agreeToTerms: undefined }, messages.termsRequired],
  ])('refuses %j with the spec message and changes nothing', async (body, message) => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, `refused-${Math.random()}@example.com`);
    const response = await client.json<{ error: { message: string } }>('POST', '/api/signup', body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect((await client.json<{ user: Me }>('GET', '/api/me')).body.user).toMatchObject({
      needsSignup: true,
      points: 0,
      streakDays: 0,
      signedUpAt: null,
    });
  });

  it('requires a signed-in user', async () => {
    const response = await new TestHttpClient(t.url).json<{ error: { message: string } }>(
      'POST',
      '/api/signup',
      adult,
    );
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe(messages.signInRequired);
  });

  it('looks up zip codes from the shipped dataset', async () => {
    const client = new TestHttpClient(t.url);
    expect((await client.json('GET', '/api/zip-codes/1000001')).body).toEqual({
      prefecture: '東京都',
      city: '千代田区',
    });
    const missing = await client.json<{ error: { message: string } }>('GET', '/api/zip-codes/0000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(messages.zipNotFound);
    expect((await client.json('GET', '/api/zip-codes/12345')).status).toBe(400);
  });

  it('keeps the address only when the zip resolves and locks gender once saved', async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'profile@example.com');
    await client.json('POST', '/api/signup', { ...adult, gender: 'male', zipCode: '1500002' });
    expect(
      (await client.json('PUT', '/api/account', { zipCode: '1000001', gender: 'female', occupation: '学生' }))
        .status,
    ).toBe(200);
    let me = (await client.json<{ user: Me }>('GET', '/api/me')).body.user;
    expect(me).toMatchObject({
      zipCode: '1000001',
      prefecture: '東京都',
      city: '千代田区',
      gender: 'male',
      occupation: '学生',
    });
    await client.json('PUT', '/api/account', { zipCode: '99' });
    me = (await client.json<{ user: Me }>('GET', '/api/me')).body.user;
    expect(me).toMatchObject({ zipCode: null, prefecture: null, city: null, birthDate: '1990-04-01' });
    const forged = await client.json('PUT', '/api/account', { zipCode: '', birthDate: '2010-01-01' });
    expect(forged.status).toBe(400);
  });

  it('a suspended user is refused by every user endpoint with the spec message', async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'suspended@example.com');
    await t.database.db.update(users).set({ banned: true }).where(eq(users.email, 'suspended@example.com'));
    const response = await client.json<{ error: { message: string } }>('POST', '/api/signup', adult);
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(messages.suspendedNotice);
    expect((await client.json<{ user: Me }>('GET', '/api/me')).body.user.isSuspended).toBe(true);
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'suspended@example.com'));
    expect(
      await t.database.db.select().from(pointTransactions).where(eq(pointTransactions.userId, person!.id)),
    ).toEqual([]);
  });
});
