import { type Me, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, deletedUsers, pointTransactions, users } from '../db/schema.ts';
import { findLedgerMismatches } from '../domain/points/ledger.ts';
import { googleSignIn, signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const adult = { birthYear: 1980, birthMonth: 1, birthDay: 1, agreeToTerms: true, gender: 'other' };

describe.each(databaseKinds())('withdrawal on %s', (kind) => {
  const t = useTestApp(kind);

  const refusedWithdrawal = async (client: TestHttpClient) => {
    const response = await client.json<{ error: { message: string } }>('POST', '/api/withdrawal');
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe(messages.reauthRequired);
    expect(await t.database.db.select().from(deletedUsers)).toHaveLength(0);
  };

  it('needs a fresh Google sign-in', async () => {
    const client = new TestHttpClient(t.url);
    await googleSignIn(client, 'stale@example.com', { reauthenticate: true });
    await t.database.db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(authSessions.userId, (await client.json<{ user: Me }>('GET', '/api/me')).body.user.uid));
    await refusedWithdrawal(client);
  });

  it('does not take a new session for proof: Google must have asked for the login just now', async () => {
    // A sign-in that Google completes silently from its own session makes a new session here, but
    // nobody typed anything: the ID token carries no recent auth_time.
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'silent@example.com');
    await refusedWithdrawal(client);
  });

  it('asks the provider to log in again (prompt=login, max_age=0), even with a live provider session', async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'again@example.com');
    const start = async (additionalParams?: Record<string, string>) => {
      const started = await client.json<{ url: string }>('POST', '/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/',
        ...(additionalParams ? { additionalParams } : {}),
      });
      const landed = await client.follow(started.body.url);
      await landed.response.arrayBuffer();
      return new URL(landed.url).pathname;
    };
    expect(await start()).toBe('/');
    expect(await start({ prompt: 'login', max_age: '0' })).toMatch(/^\/dev\/oidc\/interaction\//);
  });

  it('removes personal data, keeps the ledger, and a second sign-in gets no new bonus', async () => {
    const client = new TestHttpClient(t.url);
    await signInWithGoogle(client, 'leaver@example.com', '退会 花子');
    expect((await client.json<{ bonus: number }>('POST', '/api/signup', adult)).body.bonus).toBe(20);
    const uid = (await client.json<{ user: Me }>('GET', '/api/me')).body.user.uid;
    await googleSignIn(client, 'leaver@example.com', { reauthenticate: true });

    expect((await client.json('POST', '/api/withdrawal')).status).toBe(200);
    expect((await client.json<{ user: Me | null }>('GET', '/api/me')).body.user).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, uid));
    expect(row).toMatchObject({ name: '', birthDate: null, gender: null, points: 0 });
    expect(row?.email).not.toContain('leaver');
    expect(row?.withdrawnAt).not.toBeNull();
    const ledger = await t.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, uid));
    expect(ledger.map((entry) => entry.points).sort()).toEqual([-20, 20]);
    expect(await t.database.db.select().from(deletedUsers).where(eq(deletedUsers.uid, uid))).toHaveLength(1);

    const again = new TestHttpClient(t.url);
    expect(await signInWithGoogle(again, 'leaver@example.com')).toBe('/signup');
    const me = (await again.json<{ user: Me }>('GET', '/api/me')).body.user;
    expect(me.uid).not.toBe(uid);
    expect((await again.json<{ bonus: number }>('POST', '/api/signup', adult)).body.bonus).toBe(0);
    expect(await findLedgerMismatches(t.database.db)).toEqual([]);
  });
});
