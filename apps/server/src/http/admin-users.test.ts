import {
  type AdminUserOverview,
  type AdminUserSummary,
  advertiserConsoleMessages,
  type Me,
  messages,
} from '@quiz-points/shared';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashEmail } from '../db/email-hash.ts';
import { adminAudit, authSessions, users } from '../db/schema.ts';
import { TEST_PASSWORD } from '../test/factories.ts';
import { type ErrorReply, signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe.each(databaseKinds())('admin user lookup and suspension on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  const search = (q: string) =>
    t.admin.json<{ users: AdminUserSummary[]; nextCursor: string | null }>(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(q)}`,
    );
  const overview = async (id: string) =>
    (await t.admin.json<AdminUserOverview>('GET', `/api/admin/users/${id}`)).body;

  it('finds a user by id, by e-mail and by part of an e-mail, and no one for a wildcard', async () => {
    const person = await t.as.user({ email: 'Findable_Person@example.com' });
    expect((await search(person.uid)).body.users.map((u) => u.id)).toEqual([person.uid]);
    expect((await search(' findable_person@EXAMPLE.com ')).body.users.map((u) => u.id)).toEqual([person.uid]);
    expect((await search('able_pers')).body.users.map((u) => u.id)).toEqual([person.uid]);
    expect((await search('%_%')).body.users).toEqual([]);
    const empty = await t.admin.json<ErrorReply>('GET', '/api/admin/users?q=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(messages.userSearchQueryRequired);
  });

  /** People written straight to the database, `minutesAgo` old, as sign-in writes their rows. */
  let written = 0;
  const people = (rows: { email: string; minutesAgo: number; withdrawn?: boolean }[]) =>
    t.database.db
      .insert(users)
      .values(
        rows.map(({ email, minutesAgo, withdrawn }) => {
          const id = `searched-${++written}`;
          return {
            id,
            // A withdrawn person's row keeps the hash only (domain/accounts/withdraw-account.ts).
            email: withdrawn ? `withdrawn+${id}@invalid.quiz-points` : email,
            emailHash: hashEmail(email),
            withdrawnAt: withdrawn ? new Date() : null,
            createdAt: new Date(Date.now() - minutesAgo * 60_000),
          };
        }),
      )
      .returning({ id: users.id, email: users.email });

  it('finds a person exactly by id, e-mail in any case or e-mail hash, withdrawn people too', async () => {
    const [kept, gone] = await people([
      { email: 'exact.kept@example.com', minutesAgo: 5 },
      { email: 'Exact.Gone@example.com', minutesAgo: 6, withdrawn: true },
    ]);
    const found = async (q: string) => (await search(q)).body.users.map((user) => user.id);
    expect(await found(kept!.id)).toEqual([kept!.id]);
    expect(await found('EXACT.KEPT@example.COM')).toEqual([kept!.id]);
    expect(await found(hashEmail('exact.kept@example.com'))).toEqual([kept!.id]);
    expect(await found(hashEmail('exact.kept@example.com').toUpperCase())).toEqual([kept!.id]);
    // The old address is no longer in the row: only its hash finds the person.
    expect(await found('exact.gone@example.com')).toEqual([gone!.id]);
    expect(await found(hashEmail('exact.gone@example.com'))).toEqual([gone!.id]);
    expect((await search('exact.gone@example.com')).body.users[0]).toMatchObject({ isWithdrawn: true });
    expect(await found('exact.nobody@example.com')).toEqual([]);
  });

  it('lists the exact match first, then 49 of the newer people whose address holds it', async () => {
    const [target] = await people([{ email: 'crowd.target@example.com', minutesAgo: 60 }]);
    const newer = await people(
      Array.from({ length: 55 }, (_, index) => ({
        email: `x${index}.crowd.target@example.com`,
        minutesAgo: index,
      })),
    );
    const first = (await search('crowd.target@example.com')).body;
    const listed = first.users;
    expect(listed).toHaveLength(50);
    expect(listed[0]?.id).toBe(target!.id);
    // The rest newest first: the newer people in the order they signed up, latest first.
    expect(listed.slice(1).map((user) => user.email)).toEqual(newer.slice(0, 49).map((user) => user.email));

    // The next page goes on from the last one listed, and lists no one twice (the exact match included).
    expect(first.nextCursor).toBe(listed.at(-1)!.id);
    const next = await t.admin.json<{ users: AdminUserSummary[]; nextCursor: string | null }>(
      'GET',
      `/api/admin/users?q=crowd.target%40example.com&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(next.body.users.map((user) => user.email)).toEqual(newer.slice(49).map((user) => user.email));
    expect(next.body.nextCursor).toBeNull();
  });

  it('says when a person last signed in: each sign-in writes it, a password sign-in too', async () => {
    const email = 'signs.in.often@example.com';
    const lastLogin = async () =>
      (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.lastLoginAt ?? null;
    const devices = [new TestHttpClient(t.url), new TestHttpClient(t.url), new TestHttpClient(t.url)];
    let previous: Date | null = null;
    for (const device of devices) {
      await signInWithGoogle(device, email);
      const at = await lastLogin();
      expect(at).not.toBeNull();
      if (previous) expect(at!.getTime()).toBeGreaterThanOrEqual(previous.getTime());
      previous = at;
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    const newest = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, row!.id))
      .orderBy(desc(authSessions.createdAt))
      .limit(1);
    expect(previous?.toISOString()).toBe(newest[0]!.createdAt.toISOString());
    const view = await overview(row!.id);
    expect(view.user.activeSessions).toBe(3);
    expect(view.user.lastLoginAt).toBe(previous!.toISOString());

    const advertiser = await t.as.advertiser();
    await new TestHttpClient(t.url).json('POST', '/api/advertiser/sign-in', {
      email: advertiser.email,
      password: TEST_PASSWORD,
    });
    const [signedIn] = await t.database.db.select().from(users).where(eq(users.id, advertiser.uid));
    expect(signedIn!.lastLoginAt).not.toBeNull();
  });

  it('shows a session begun before sign-ins were recorded as the last sign-in', async () => {
    const person = await t.as.user();
    await t.database.db.update(users).set({ lastLoginAt: null }).where(eq(users.id, person.uid));
    const [session] = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, person.uid));
    expect((await overview(person.uid)).user.lastLoginAt).toBe(session!.createdAt.toISOString());
  });

  it('finds part of an address anywhere in it, in any case, from 3 characters', async () => {
    const [person] = await people([{ email: 'Midword.Tanaka+promo@Mail-Host.example.jp', minutesAgo: 1 }]);
    for (const q of ['midword', 'WORD.TAN', 'aka+pro', '+promo@mail-h', 'l-host.EXAMPLE', 'e.jp', '.ex']) {
      expect(
        (await search(q)).body.users.map((user) => user.id),
        q,
      ).toContain(person!.id);
    }
    expect((await search('midword_tanaka')).body.users).toEqual([]);
    // No address holds a character outside an address's own, such as a name in Japanese.
    expect((await search('田中 太郎')).body.users).toEqual([]);
    expect((await search('midword tanaka')).body.users).toEqual([]);
    for (const q of ['ab', ' a ', 'ｍ']) {
      const short = await t.admin.json<ErrorReply>('GET', `/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(short.status, q).toBe(400);
      expect(short.body.error.message).toBe(messages.userSearchQueryTooShort);
    }
  });

  it('shows a user’s profile, ledger and gift requests', async () => {
    const person = await t.as.user({ points: 3000 });
    await person.client.json('POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 });
    const view = await overview(person.uid);
    expect(view.user).toMatchObject({
      id: person.uid,
      email: person.email,
      points: 2010,
      isVerified: true,
      isSuspended: false,
      activeSessions: 1,
    });
    expect(view.ledger.map((entry) => entry.points)).toEqual([-1000, 3000, 10]);
    expect(view.giftRequests).toMatchObject([{ pointsUsed: 1000, status: 'pending' }]);
    expect((await t.admin.json('GET', '/api/admin/users/nobody')).status).toBe(404);
  });

  it('suspends only with a reason, signing the user out of every session at once', async () => {
    const person = await t.as.user();
    const secondDevice = new TestHttpClient(t.url);
    await signInWithGoogle(secondDevice, person.email);
    const sessions = () =>
      t.database.db.select().from(authSessions).where(eq(authSessions.userId, person.uid));
    expect(await sessions()).toHaveLength(2);

    const noReason = await t.admin.json<ErrorReply>('POST', `/api/admin/users/${person.uid}/suspension`, {
      suspended: true,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(messages.suspensionReasonRequired);
    expect(await sessions()).toHaveLength(2);

    const done = await t.admin.json<{ signedOut: number }>(
      'POST',
      `/api/admin/users/${person.uid}/suspension`,
      {
        suspended: true,
        reason: '複数アカウントの不正利用',
      },
    );
    expect(done.body.signedOut).toBe(2);
    expect(await sessions()).toHaveLength(0);
    for (const client of [person.client, secondDevice]) {
      expect((await client.json<{ user: Me | null }>('GET', '/api/me')).body.user).toBeNull();
    }
    const view = await overview(person.uid);
    expect(view.user).toMatchObject({
      isSuspended: true,
      banReason: '複数アカウントの不正利用',
      activeSessions: 0,
    });
    expect(view.suspensions[0]).toMatchObject({
      action: 'suspend',
      reason: '複数アカウントの不正利用',
      actedBy: t.config.adminEmail,
    });

    // Signing in again is allowed, but the account is barred from everything a user does.
    await signInWithGoogle(person.client, person.email);
    const gacha = await person.client.json<ErrorReply>('POST', '/api/gacha/claim', {});
    expect(gacha.body.error.message).toBe(messages.suspendedNotice);
  });

  it('reinstates with a reason, and keeps both changes in the history', async () => {
    const person = await t.as.user();
    const path = `/api/admin/users/${person.uid}/suspension`;
    await t.admin.json('POST', path, { suspended: true, reason: '調査のため' });
    const lifted = await t.admin.json('POST', path, { suspended: false, reason: '調査の結果、問題なし' });
    expect(lifted.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.uid));
    expect(row).toMatchObject({ banned: false, banReason: null });
    const history = (await overview(person.uid)).suspensions.map(({ action, reason }) => ({
      action,
      reason,
    }));
    expect(history).toEqual([
      { action: 'unsuspend', reason: '調査の結果、問題なし' },
      { action: 'suspend', reason: '調査のため' },
    ]);
    const [before] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'unsuspend'));
    expect(before?.details).toEqual({ before: { suspended: true, reason: '調査のため' } });
  });

  it('refuses to suspend the admin account or an unknown user', async () => {
    const me = await t.admin.json<{ user: Me }>('GET', '/api/me');
    const self = await t.admin.json<ErrorReply>('POST', `/api/admin/users/${me.body.user.uid}/suspension`, {
      suspended: true,
      reason: '誤操作',
    });
    expect(self.body.error.message).toBe(messages.adminNotSuspendable);
    const unknown = await t.admin.json('POST', '/api/admin/users/nobody/suspension', {
      suspended: true,
      reason: '不正',
    });
    expect(unknown.status).toBe(404);
    const audited = await t.database.db.select().from(adminAudit);
    expect(audited.filter((row) => [me.body.user.uid, 'nobody'].includes(row.targetId))).toEqual([]);
  });

  it('sends an advertiser’s suspension to the advertiser list, which also holds their ads', async () => {
    const advertiser = await t.as.advertiser();
    const refused = await t.admin.json<ErrorReply>('POST', `/api/admin/users/${advertiser.uid}/suspension`, {
      suspended: true,
      reason: '不正',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(advertiserConsoleMessages.suspendOnAdvertiserPage);
    const [row] = await t.database.db
      .select({ banned: users.banned })
      .from(users)
      .where(eq(users.id, advertiser.uid));
    expect(row?.banned).toBe(false);
    expect(
      await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, advertiser.uid)),
    ).toEqual([]);
  });
});
