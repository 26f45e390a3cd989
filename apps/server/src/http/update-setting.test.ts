import { type AdminSettingsView, api, type GiftType, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads, appSettings, pricingConfig, settingsAudit } from '../db/schema.ts';
import { createTodaysDailyQuiz } from '../test/factories.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

describe.each(databaseKinds())('settings on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  const settings = async () => (await t.admin.json<AdminSettingsView>('GET', '/api/admin/settings')).body;
  const auditRows = () => t.database.db.select().from(settingsAudit);

  it('shows the documented defaults before anything was changed', async () => {
    const view = await settings();
    expect(view.values.pricing).toEqual({ userReward: 10, baseFee: 20, extraTargetingFee: 5 });
    expect(view.values.dailyQuizPoints).toEqual({ correct: 5, wrong: 1 });
    expect(view.values.gachaTable).toHaveLength(5);
    expect(view.values.giftTypes[0]?.id).toBe('amazon');
    expect(view.audit).toEqual([]);
  });

  it('changes the pricing a new ad is priced by, and audits who, when, old and new', async () => {
    const pricing = { userReward: 15, baseFee: 25, extraTargetingFee: 8 };
    const response = await t.admin.json('PUT', '/api/admin/settings/pricing', { value: pricing });
    expect(response.status).toBe(200);
    const [row] = await t.database.db.select().from(pricingConfig);
    expect(row).toMatchObject({ id: 1, ...pricing });
    const view = await settings();
    expect(view.values.pricing).toEqual(pricing);
    expect(view.audit[0]).toMatchObject({
      key: 'pricing',
      oldValue: { userReward: 10, baseFee: 20, extraTargetingFee: 5 },
      newValue: pricing,
      changedBy: t.config.adminEmail,
    });
    expect(Date.now() - new Date(view.audit[0]!.changedAt).getTime()).toBeLessThan(60_000);

    const advertiser = await t.as.advertiser();
    const offered = await advertiser.client.json('GET', '/api/advertiser/pricing');
    expect(offered.body).toEqual({ ...pricing, isAdmin: false });
    const submitted = await advertiser.client.json('POST', '/api/advertiser/ads', {
      ...api.advertisers.submitAd.example.body,
      targetGender: { male: true, female: false, other: false },
    });
    expect(submitted.status).toBe(201);
    const [ad] = await t.database.db.select().from(ads).where(eq(ads.advertiserId, advertiser.uid));
    expect(ad).toMatchObject({ userReward: 15, baseFee: 25, extraTargetingFee: 8, unitPrice: 15 + 25 + 8 });

    const again = await t.admin.json<{ changed: boolean }>('PUT', '/api/admin/settings/pricing', {
      value: pricing,
    });
    expect(again.body.changed).toBe(false);
    expect(await auditRows()).toHaveLength(1);
  });

  it.each([
    ['pricing', { userReward: 0, baseFee: 1, extraTargetingFee: 1 }],
    ['pricing', { userReward: 10, baseFee: -1, extraTargetingFee: 1 }],
    ['pricing', { userReward: 1.5, baseFee: 1, extraTargetingFee: 1 }],
    ['pricing', { userReward: 10, baseFee: 1 }],
    ['pricing', { userReward: 10, baseFee: 1, extraTargetingFee: 1, unitPrice: 0 }],
    ['gachaTable', []],
    ['gachaTable', [{ points: 5, weight: 0 }]],
    ['gachaTable', [{ points: 0, weight: 5 }]],
    ['gachaTable', [{ points: 5, weight: 1.5 }]],
    ['dailyQuizPoints', { correct: 0, wrong: 1 }],
    ['dailyQuizPoints', { correct: 5, wrong: -1 }],
    ['giftTypes', []],
    ['giftTypes', [{ id: 'amazon', label: 'Amazon', amounts: [500] }]],
    ['giftTypes', [{ id: 'amazon', label: '', amounts: [1000] }]],
    ['giftTypes', [{ id: 'Amazon Card', label: 'Amazon', amounts: [1000] }]],
    [
      'giftTypes',
      [
        { id: 'a', label: 'A', amounts: [1000] },
        { id: 'a', label: 'B', amounts: [1000] },
      ],
    ],
  ])('refuses %s = %j and changes nothing', async (key, value) => {
    const before = await settings();
    const response = await t.admin.json<ErrorReply>('PUT', `/api/admin/settings/${key}`, { value });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(messages.allFieldsRequired);
    const after = await settings();
    expect(after.values).toEqual(before.values);
    expect(after.audit).toEqual(before.audit);
  });

  it('refuses an unknown setting and a body without a value', async () => {
    expect((await t.admin.json('PUT', '/api/admin/settings/signupBonus', { value: 1 })).status).toBe(404);
    expect((await t.admin.json('PUT', '/api/admin/settings/pricing', {})).status).toBe(400);
  });

  it('draws the next gacha from the new table', async () => {
    const value = [{ points: 7, weight: 3 }];
    expect((await t.admin.json('PUT', '/api/admin/settings/gachaTable', { value })).status).toBe(200);
    const user = await t.as.user();
    const claim = await user.client.json<{ reward: number }>('POST', '/api/gacha/claim', {});
    expect(claim.body.reward).toBe(7);
    const [audit] = (await settings()).audit;
    expect(audit).toMatchObject({ key: 'gachaTable', newValue: value });
  });

  it('pays the next daily-quiz answer from the new points', async () => {
    await createTodaysDailyQuiz(t.database.db);
    const value = { correct: 12, wrong: 2 };
    expect((await t.admin.json('PUT', '/api/admin/settings/dailyQuizPoints', { value })).status).toBe(200);
    const user = await t.as.user();
    const answer = await user.client.json<{ points: number }>('POST', '/api/daily-quiz/answer', {
      option: 3,
    });
    expect(answer.body.points).toBe(12);
  });

  it('offers the new gift types to the next request and refuses a removed one', async () => {
    const value: GiftType[] = [{ id: 'quo', label: 'QUOカードPay', amounts: [1000, 2000] }];
    expect((await t.admin.json('PUT', '/api/admin/settings/giftTypes', { value })).status).toBe(200);
    const user = await t.as.user({ points: 5000 });
    const types = await user.client.json<{ giftTypes: GiftType[] }>('GET', '/api/gift-types');
    expect(types.body.giftTypes).toEqual(value.map((type) => ({ ...type, instantAmounts: [] })));
    const removed = await user.client.json<ErrorReply>('POST', '/api/gift-requests', {
      giftType: 'amazon',
      points: 1000,
    });
    expect(removed.body.error.message).toBe(messages.giftTypeUnavailable);
    const made = await user.client.json('POST', '/api/gift-requests', { giftType: 'quo', points: 2000 });
    expect(made.status).toBe(201);
    const [stored] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, 'giftTypes'));
    expect(stored?.value).toEqual(value);
  });

  it('refuses users', async () => {
    const user = await t.as.user();
    const response = await user.client.json<ErrorReply>('PUT', '/api/admin/settings/pricing', {
      value: { userReward: 99, baseFee: 1, extraTargetingFee: 1 },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(messages.forbidden);
    expect((await settings()).values.pricing.userReward).toBe(15);
  });
});
