import {
  type AdInputBody,
  type AdvertiserAd,
  type AdvertiserAdDetail,
  messages,
  noTargeting,
  type PricingView,
} from '@quiz-points/shared';
import { hashPassword } from 'better-auth/crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads, authAccounts, authSessions, devOutbox, quizAnswers, users } from '../db/schema.ts';
import { advertiserSignUp, latestMailedLink, recordDeliveries, TEST_PASSWORD } from '../test/factories.ts';
import { type ErrorReply, TestHttpClient } from '../test/http-client.ts';
import {
  approvedRunningAd,
  rejectedRunningAd,
  runningAdInput,
  submittedRunningAd,
} from '../test/running-ad-input.ts';
import { databaseKinds, postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe.each(databaseKinds())('advertiser accounts on %s', (kind) => {
  const t = useTestApp(kind);

  it('signs up, is refused until the mailed link is opened, and then signs in with the password', async () => {
    const client = new TestHttpClient(t.url);
    const email = `new-${Date.now()}@example.com`;
    const signUp = await advertiserSignUp(client, email, '株式会社はれま');
    expect(signUp.status).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'advertiser', displayName: '株式会社はれま', emailVerified: false });

    const early = await client.json<ErrorReply>('POST', '/api/advertiser/sign-in', {
      email,
      password: TEST_PASSWORD,
    });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe(messages.emailNotVerified);

    const { url } = await client.follow(await latestMailedLink(t, email));
    expect(new URL(url).pathname + new URL(url).search).toBe('/advertiser?verified=1');
    const me = await client.json<{ advertiser: { email: string; cardRegistered: boolean } }>(
      'GET',
      '/api/advertiser/me',
    );
    expect(me.body.advertiser).toMatchObject({ email, cardRegistered: false });

    const other = new TestHttpClient(t.url);
    const wrong = await other.json<ErrorReply>('POST', '/api/advertiser/sign-in', {
      email,
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(messages.loginFailed);
    const right = await other.json<{ advertiser: { email: string } }>('POST', '/api/advertiser/sign-in', {
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(right.status).toBe(200);
    expect((await other.json('GET', '/api/advertiser/me')).status).toBe(200);
  });

  it('refuses a second account for one address, bad sign-up input, and better-auth’s own paths', async () => {
    const { email } = await t.as.advertiser();
    const visitor = new TestHttpClient(t.url);
    const again = await visitor.json<ErrorReply>('POST', '/api/advertiser/sign-up', {
      displayName: '別会社',
      email,
      password: TEST_PASSWORD,
      agreeToTerms: true,
    });
    expect(again.body.error.message).toBe(messages.advertiserEmailTaken);
    const cases: [unknown, string][] = [
      [
        { displayName: '', email: 'a@example.com', password: TEST_PASSWORD, agreeToTerms: true },
        messages.displayNameRequired,
      ],
      [
        { displayName: 'x', email: 'a@example.com', password: 'short', agreeToTerms: true },
        messages.passwordTooShort,
      ],
      [
        { displayName: 'x', email: 'a@example.com', password: TEST_PASSWORD, agreeToTerms: false },
        messages.advertiserTermsRequired,
      ],
      [
        { displayName: 'x', email: 'not-mail', password: TEST_PASSWORD, agreeToTerms: true },
        messages.emailInvalid,
      ],
      [
        {
          displayName: 'x',
          email: 'b@example.com',
          password: TEST_PASSWORD,
          agreeToTerms: true,
          role: 'user',
        },
        messages.badRequest,
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await visitor.json<ErrorReply>('POST', '/api/advertiser/sign-up', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, 'b@example.com'))).toEqual([]);
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
    ]) {
      const direct = await visitor.raw(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'c@example.com', password: TEST_PASSWORD, name: 'x' }),
      });
      expect(direct.status, path).toBe(404);
    }
  });

  it('signs a user-role account out with 広告主アカウントではありません。 and keeps no new session', async () => {
    const person = await t.as.user();
    await t.database.db.insert(authAccounts).values({
      id: `credential-${person.uid}`,
      accountId: person.uid,
      providerId: 'credential',
      userId: person.uid,
      password: await hashPassword(TEST_PASSWORD),
    });
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, person.uid));
    const sessions = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(authSessions)
          .where(eq(authSessions.userId, person.uid))
      )[0]!.n;
    const before = await sessions();
    const client = new TestHttpClient(t.url);
    const refused = await client.json<ErrorReply>('POST', '/api/advertiser/sign-in', {
      email: person.email,
      password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.notAdvertiser);
    expect(await sessions()).toBe(before);
    const asUser = await person.client.json<ErrorReply>('GET', '/api/advertiser/me');
    expect(asUser.body.error.message).toBe(messages.notAdvertiser);
  });

  it('resets a password through the mailed link, and says the same for unknown addresses', async () => {
    const { email } = await t.as.advertiser();
    const visitor = new TestHttpClient(t.url);
    expect((await visitor.json('POST', '/api/advertiser/password-reset', { email })).status).toBe(200);
    const { url } = await visitor.follow(await latestMailedLink(t, email));
    expect(new URL(url).pathname).toBe('/advertiser/reset-password');
    const token = new URL(url).searchParams.get('token')!;
    const bad = await visitor.json<ErrorReply>('POST', '/api/advertiser/password-reset/confirm', {
      token: 'not-a-token',
      password: 'new-password-5678',
    });
    expect(bad.body.error.message).toBe(messages.passwordResetLinkInvalid);
    const done = await visitor.json('POST', '/api/advertiser/password-reset/confirm', {
      token,
      password: 'new-password-5678',
    });
    expect(done.status).toBe(200);
    const old = await visitor.json('POST', '/api/advertiser/sign-in', { email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await visitor.json('POST', '/api/advertiser/sign-in', {
      email,
      password: 'new-password-5678',
    });
    expect(fresh.status).toBe(200);

    const unknown = 'nobody-here@example.com';
    expect((await visitor.json('POST', '/api/advertiser/password-reset', { email: unknown })).status).toBe(
      200,
    );
    expect(await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, unknown))).toEqual([]);
    const empty = await visitor.json<ErrorReply>('POST', '/api/advertiser/password-reset', { email: '' });
    expect(empty.body.error.message).toBe(messages.emailRequired);
    const malformed = await visitor.json<ErrorReply>('POST', '/api/advertiser/password-reset', {
      email: 'x@',
    });
    expect(malformed.body.error.message).toBe(messages.passwordResetFailed);
  });
});

describe.each(databaseKinds())('advertiser ads on %s', (kind) => {
  const t = useTestApp(kind);

  const adCount = async (advertiserId: string) =>
    (await t.database.db.select({ n: count() }).from(ads).where(eq(ads.advertiserId, advertiserId)))[0]!.n;

  it('prices by the config and targeting, stores the answer apart, and mails a receipt', async () => {
    const advertiser = await t.as.advertiser();
    const pricing = await advertiser.client.json<PricingView>('GET', '/api/advertiser/pricing');
    expect(pricing.body).toEqual({ userReward: 10, baseFee: 20, extraTargetingFee: 5, isAdmin: false });
    const cases: [Partial<AdInputBody>, number][] = [
      [{}, 30],
      [{ targetGender: { male: true, female: true, other: false } }, 35],
      [{ targetAgeRange: { ...noTargeting.targetAgeRange, '20s': true, '30s': true } }, 35],
      [
        {
          targetGender: { male: false, female: true, other: false },
          targetAgeRange: { ...noTargeting.targetAgeRange, '60s': true },
        },
        40,
      ],
    ];
    for (const [overrides, unitPrice] of cases) {
      const created = await advertiser.client.json<{ ad: AdvertiserAd }>(
        'POST',
        '/api/advertiser/ads',
        runningAdInput(overrides),
      );
      expect(created.status).toBe(201);
      expect(created.body.ad).toMatchObject({
        status: 'pending',
        isActive: false,
        deliveryCount: 0,
        unitPrice,
      });
      const [answer] = await t.database.db
        .select()
        .from(quizAnswers)
        .where(eq(quizAnswers.adId, created.body.ad.id));
      expect(answer?.correctOptionIndex).toBe(2);
      expect(JSON.stringify(created.body)).not.toContain('correctOptionIndex');
    }
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, advertiser.email));
    expect(mail.some((m) => m.text.includes('1〜2営業日'))).toBe(true);
    const list = await advertiser.client.json<{ ads: AdvertiserAd[] }>('GET', '/api/advertiser/ads');
    expect(list.body.ads.map((a) => a.unitPrice)).toEqual([40, 35, 35, 30]);
  });

  it('sends an advertiser without a card to card setup, and creates nothing', async () => {
    const advertiser = await t.as.advertiser({ card: false });
    const refused = await advertiser.client.json<ErrorReply>('POST', '/api/advertiser/ads', runningAdInput());
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CARD_REQUIRED');
    expect(await adCount(advertiser.uid)).toBe(0);
  });

  it('refuses bad ads with すべての項目を正しく入力してください。 and creates nothing', async () => {
    const advertiser = await t.as.advertiser();
    const bad: [string, unknown][] = [
      ['title over 50', runningAdInput({ adTitle: 'あ'.repeat(51) })],
      ['provider over 15', runningAdInput({ adProvider: 'あ'.repeat(16) })],
      ['question over 150', runningAdInput({ quizQuestion: 'あ'.repeat(151) })],
      ['one option', runningAdInput({ quizOptions: ['ひとつ'], correctOptionIndex: 1 })],
      ['six options', runningAdInput({ quizOptions: ['1', '2', '3', '4', '5', '6'] })],
      ['blank option', runningAdInput({ quizOptions: ['A', '  ', 'C'] })],
      ['javascript url', runningAdInput({ adUrl: 'javascript:alert(1)' })],
      ['ftp url', runningAdInput({ adUrl: 'ftp://example.com/file' })],
      ['correct option past the end', runningAdInput({ correctOptionIndex: 4 })],
      ['zero deliveries', runningAdInput({ maxDeliveries: 0 })],
      ['fractional deliveries', runningAdInput({ maxDeliveries: 10.5 })],
      ['empty title', runningAdInput({ adTitle: '   ' })],
    ];
    for (const [name, body] of bad) {
      const refused = await advertiser.client.json<ErrorReply>('POST', '/api/advertiser/ads', body);
      expect(refused.status, name).toBe(400);
      expect(refused.body.error.message, name).toBe(messages.allFieldsRequired);
    }
    for (const forged of [
      { unitPrice: 1 },
      { status: 'approved' },
      { isActive: true },
      { userReward: 999 },
    ]) {
      const refused = await advertiser.client.json<ErrorReply>('POST', '/api/advertiser/ads', {
        ...runningAdInput(),
        ...forged,
      });
      expect(refused.status, JSON.stringify(forged)).toBe(400);
    }
    expect(await adCount(advertiser.uid)).toBe(0);
  });

  it('lets the admin place a house ad at cost 0 without a card', async () => {
    const admin = await t.as.admin();
    const pricing = await admin.json<PricingView>('GET', '/api/advertiser/pricing');
    expect(pricing.body).toMatchObject({ isAdmin: true, baseFee: 0, extraTargetingFee: 0, userReward: 0 });
    const created = await admin.json<{ ad: AdvertiserAd }>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ targetGender: { male: true, female: false, other: false } }),
    );
    expect(created.status).toBe(201);
    expect(created.body.ad.unitPrice).toBe(0);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, created.body.ad.id));
    expect(row).toMatchObject({ isHouseAd: true, userReward: 10 });
  });

  it('raises the cap only upwards, reactivating an ad that stopped at it', async () => {
    const advertiser = await t.as.advertiser();
    const { body } = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ maxDeliveries: 3 }),
    );
    const adId = body.ad.id;
    const pendingRaise = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      `/api/advertiser/ads/${adId}/limit`,
      {
        maxDeliveries: 5,
      },
    );
    expect(pendingRaise.body.ad).toMatchObject({ maxDeliveries: 5, isActive: false, status: 'pending' });
    await t.database.db.update(ads).set({ status: 'approved', isActive: true }).where(eq(ads.id, adId));
    await recordDeliveries(t.database.db, adId, 5);
    await t.database.db.update(ads).set({ isActive: false }).where(eq(ads.id, adId));
    for (const maxDeliveries of [5, 4, 0, -1]) {
      const refused = await advertiser.client.json<ErrorReply>('POST', `/api/advertiser/ads/${adId}/limit`, {
        maxDeliveries,
      });
      expect(refused.status, String(maxDeliveries)).toBe(400);
      expect(refused.body.error.message).toBe(messages.limitMustIncrease);
    }
    const raised = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      `/api/advertiser/ads/${adId}/limit`,
      {
        maxDeliveries: 50,
      },
    );
    expect(raised.body.ad).toMatchObject({ maxDeliveries: 50, isActive: true, deliveryCount: 5 });
  });

  it('ends delivery once, and edits only a rejected ad, back to pending at the current price', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await submittedRunningAd(advertiser.client);
    const early = await advertiser.client.json<ErrorReply>(
      'PUT',
      `/api/advertiser/ads/${adId}`,
      runningAdInput(),
    );
    expect(early.body.error.message).toBe(messages.adNotEditable);

    await t.database.db.update(ads).set({ status: 'approved', isActive: true }).where(eq(ads.id, adId));
    const ended = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      `/api/advertiser/ads/${adId}/end`,
    );
    expect(ended.body.ad.isActive).toBe(false);
    const twice = await advertiser.client.json<ErrorReply>('POST', `/api/advertiser/ads/${adId}/end`);
    expect(twice.body.error.message).toBe(messages.adAlreadyEnded);

    await t.database.db
      .update(ads)
      .set({ status: 'rejected', isActive: false, rejectionReason: '正解が広告にありません' })
      .where(eq(ads.id, adId));
    const detail = await advertiser.client.json<{ ad: AdvertiserAdDetail }>(
      'GET',
      `/api/advertiser/ads/${adId}`,
    );
    expect(detail.body.ad).toMatchObject({
      rejectionReason: '正解が広告にありません',
      correctOptionIndex: 2,
    });
    const edited = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'PUT',
      `/api/advertiser/ads/${adId}`,
      runningAdInput({
        adTitle: '修正した広告',
        correctOptionIndex: 3,
        targetGender: { male: true, female: false, other: false },
      }),
    );
    expect(edited.body.ad).toMatchObject({
      adTitle: '修正した広告',
      status: 'pending',
      isActive: false,
      rejectionReason: null,
      unitPrice: 35,
    });
    const [answer] = await t.database.db.select().from(quizAnswers).where(eq(quizAnswers.adId, adId));
    expect(answer?.correctOptionIndex).toBe(3);
  });

  it('never shows or changes another advertiser’s ad', async () => {
    const owner = await t.as.advertiser();
    const intruder = await t.as.advertiser();
    const adId = await rejectedRunningAd(t, owner.client, '理由');
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/advertiser/ads/${adId}`, undefined],
      ['PUT', `/api/advertiser/ads/${adId}`, runningAdInput({ adTitle: '乗っ取り' })],
      ['POST', `/api/advertiser/ads/${adId}/end`, undefined],
      ['POST', `/api/advertiser/ads/${adId}/limit`, { maxDeliveries: 999 }],
      ['GET', `/api/advertiser/ads/${adId}/report`, undefined],
      ['GET', '/api/advertiser/ads/not-a-uuid', undefined],
    ];
    for (const [method, path, payload] of attempts) {
      const refused = await intruder.client.json<ErrorReply>(method, path, payload);
      expect(refused.status, `${method} ${path}`).toBe(404);
    }
    const list = await intruder.client.json<{ ads: AdvertiserAd[] }>('GET', '/api/advertiser/ads');
    expect(list.body.ads).toEqual([]);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(row).toMatchObject({ adTitle: runningAdInput().adTitle, maxDeliveries: 100, status: 'rejected' });
  });

  it('refuses the advertiser endpoints to visitors and users', async () => {
    const visitor = new TestHttpClient(t.url);
    const user = await t.as.user();
    for (const path of ['/api/advertiser/me', '/api/advertiser/pricing', '/api/advertiser/ads']) {
      expect((await visitor.json('GET', path)).status, path).toBe(401);
      const refused = await user.client.json<ErrorReply>('GET', path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.message).toBe(messages.notAdvertiser);
    }
    const posted = await user.client.json('POST', '/api/advertiser/ads', runningAdInput());
    expect(posted.status).toBe(403);
  });
});

describe.each(postgresKinds())('advertiser actions under concurrency on %s', (kind) => {
  const t = useTestApp(kind);

  it('raises a cap once when 20 identical raises arrive at once, and ends delivery once', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedRunningAd(t, advertiser.client);
    const raises = await Promise.all(
      Array.from({ length: 20 }, () =>
        advertiser.client.json('POST', `/api/advertiser/ads/${adId}/limit`, { maxDeliveries: 200 }),
      ),
    );
    expect(raises.filter((r) => r.status === 200)).toHaveLength(1);
    expect(raises.filter((r) => r.status === 400)).toHaveLength(19);
    const ends = await Promise.all(
      Array.from({ length: 20 }, () => advertiser.client.json('POST', `/api/advertiser/ads/${adId}/end`)),
    );
    expect(ends.filter((r) => r.status === 200)).toHaveLength(1);
    expect(ends.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('creates one account when 20 sign-ups for one address arrive at once', async () => {
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        new TestHttpClient(t.url).json('POST', '/api/advertiser/sign-up', {
          displayName: '同時登録',
          email,
          password: TEST_PASSWORD,
          agreeToTerms: true,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.email, email)));
    expect(rows).toHaveLength(1);
  });
});
