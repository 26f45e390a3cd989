import {
  type AdListPage,
  type AdvertiserAd,
  type AdvertiserAdDetail,
  dailyBudgetMessages,
  japanIsoDate,
  messages,
} from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads } from '../db/schema.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { approvedRunningAd, runningAdInput } from '../test/running-ad-input.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

type AdReply = { ad: AdvertiserAd };

/**
 * Daily budgets as the advertiser sets them: on the ad form (create, draft, resubmission)
 * and on a running ad, checked in Japanese, never above the cap, on the owner's ads only; and as a
 * member meets one that ran out today.
 */
describe.each(databaseKinds())('daily budgets on %s', (kind) => {
  const t = useTestApp(kind);

  it('keeps the budget given on the ad form, or none, and answers it everywhere the ad is shown', async () => {
    const advertiser = await t.as.advertiser();
    const created = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ maxDeliveries: 300, dailyBudget: 30 }),
    );
    expect(created.status).toBe(201);
    expect(created.body.ad).toMatchObject({
      maxDeliveries: 300,
      dailyBudget: 30,
      dailyBudgetReachedOn: null,
    });
    const detail = await advertiser.client.json<{ ad: AdvertiserAdDetail }>(
      'GET',
      `/api/advertiser/ads/${created.body.ad.id}`,
    );
    expect(detail.body.ad.dailyBudget).toBe(30);

    const draft = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/drafts',
      runningAdInput({ dailyBudget: 100 }),
    );
    expect(draft.body.ad.dailyBudget).toBe(100);
    const resaved = await advertiser.client.json<AdReply>(
      'PUT',
      `/api/advertiser/ads/${draft.body.ad.id}/draft`,
      runningAdInput({ dailyBudget: null }),
    );
    expect(resaved.body.ad.dailyBudget).toBeNull();
    const none = await advertiser.client.json<AdReply>('POST', '/api/advertiser/ads', runningAdInput());
    expect(none.body.ad.dailyBudget).toBeNull();

    const list = await advertiser.client.json<{ ads: AdvertiserAd[] }>('GET', '/api/advertiser/ads');
    expect(list.body.ads.map((ad) => ad.dailyBudget)).toEqual([null, null, 30]);
    // A copy keeps the budget.
    const copy = await advertiser.client.json<AdReply>(
      'POST',
      `/api/advertiser/ads/${created.body.ad.id}/duplicate`,
    );
    expect(copy.body.ad).toMatchObject({ status: 'draft', dailyBudget: 30, dailyBudgetReachedOn: null });
  });

  it('refuses a budget that is no whole number of 1 or more, or is above the cap, and creates nothing', async () => {
    const advertiser = await t.as.advertiser();
    const cases: [unknown, string][] = [
      [0, dailyBudgetMessages.invalid],
      [-5, dailyBudgetMessages.invalid],
      [2.5, dailyBudgetMessages.invalid],
      ['10', dailyBudgetMessages.invalid],
      [101, dailyBudgetMessages.overCap],
    ];
    for (const [dailyBudget, message] of cases) {
      for (const path of ['/api/advertiser/ads', '/api/advertiser/drafts']) {
        const refused = await advertiser.client.json<ErrorReply>('POST', path, {
          ...runningAdInput({ maxDeliveries: 100 }),
          dailyBudget,
        });
        expect(refused.status, `${path} ${String(dailyBudget)}`).toBe(400);
        expect(refused.body.error.message).toBe(message);
      }
    }
    const list = await advertiser.client.json<{ ads: AdvertiserAd[] }>('GET', '/api/advertiser/ads');
    expect(list.body.ads).toEqual([]);
    // Equal to the cap is allowed.
    const atCap = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ maxDeliveries: 100, dailyBudget: 100 }),
    );
    expect(atCap.status).toBe(201);

    // A rejected ad resubmitted is checked alike.
    await t.database.db.update(ads).set({ status: 'rejected' }).where(eq(ads.id, atCap.body.ad.id));
    const resubmit = await advertiser.client.json<ErrorReply>(
      'PUT',
      `/api/advertiser/ads/${atCap.body.ad.id}`,
      runningAdInput({ maxDeliveries: 50, dailyBudget: 60 }),
    );
    expect(resubmit.status).toBe(400);
    expect(resubmit.body.error.message).toBe(dailyBudgetMessages.overCap);
  });

  it('sets, changes and removes a running ad’s budget, never above its cap, for its owner only', async () => {
    const owner = await t.as.advertiser();
    const intruder = await t.as.advertiser();
    const adId = await approvedRunningAd(t, owner.client);
    const setBudget = (client: typeof owner.client, body: unknown) =>
      client.json<AdReply & ErrorReply>('POST', `/api/advertiser/ads/${adId}/daily-budget`, body);

    const set = await setBudget(owner.client, { dailyBudget: 20 });
    expect(set.status).toBe(200);
    expect(set.body.ad).toMatchObject({ dailyBudget: 20, maxDeliveries: 100, isActive: true });
    expect((await setBudget(owner.client, { dailyBudget: 100 })).body.ad.dailyBudget).toBe(100);

    for (const [body, message] of [
      [{ dailyBudget: 101 }, dailyBudgetMessages.overCap],
      [{ dailyBudget: 0 }, dailyBudgetMessages.invalid],
      [{ dailyBudget: 1.5 }, dailyBudgetMessages.invalid],
      [{ dailyBudget: '5' }, dailyBudgetMessages.invalid],
      [{}, dailyBudgetMessages.invalid],
    ] as const) {
      const refused = await setBudget(owner.client, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    const stolen = await setBudget(intruder.client, { dailyBudget: 1 });
    expect(stolen.status).toBe(404);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(row!.dailyBudget).toBe(100);

    // A raised cap leaves room for a higher budget.
    await owner.client.json('POST', `/api/advertiser/ads/${adId}/limit`, { maxDeliveries: 500 });
    expect((await setBudget(owner.client, { dailyBudget: 400 })).body.ad.dailyBudget).toBe(400);
    const removed = await setBudget(owner.client, { dailyBudget: null });
    expect(removed.status).toBe(200);
    expect(removed.body.ad.dailyBudget).toBeNull();
  });

  it('refuses a member’s click once today’s budget is used, in Japanese, and the list leaves the ad out', async () => {
    const owner = await t.as.advertiser();
    const adId = await approvedRunningAd(t, owner.client);
    await owner.client.json('POST', `/api/advertiser/ads/${adId}/daily-budget`, { dailyBudget: 1 });
    const first = await t.as.user();
    const second = await t.as.user();
    const listed = async () =>
      (await second.client.json<AdListPage>('GET', '/api/ads')).body.ads.map((ad) => ad.id);
    expect(await listed()).toContain(adId);
    expect((await first.client.json('POST', `/api/ads/${adId}/click`)).status).toBe(200);

    expect(await listed()).not.toContain(adId);
    const refused = await second.client.json<ErrorReply>('POST', `/api/ads/${adId}/click`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'CONFLICT', message: messages.adDailyBudgetReached });
    const ad = await owner.client.json<{ ad: AdvertiserAd }>('GET', `/api/advertiser/ads/${adId}`);
    expect(ad.body.ad).toMatchObject({ deliveryCount: 1, dailyBudgetReachedOn: japanIsoDate(new Date()) });

    // Raising today's budget brings it back at once.
    await owner.client.json('POST', `/api/advertiser/ads/${adId}/daily-budget`, { dailyBudget: 2 });
    expect(await listed()).toContain(adId);
    expect((await second.client.json('POST', `/api/ads/${adId}/click`)).status).toBe(200);
  });
});
