import {
  type AdInputBody,
  type AdvertiserAd,
  type AdvertiserAdDetail,
  japanIsoDate,
  messages,
  type PendingAd,
  runningAdMessages,
} from '@quiz-points/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adDeliveries, ads, devOutbox, pricingConfig, quizAnswers, users } from '../db/schema.ts';
import { recordDeliveries } from '../test/factories.ts';
import type { ErrorReply } from '../test/http-client.ts';
import { approvedRunningAd, rejectedRunningAd, runningAdInput } from '../test/running-ad-input.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Japan-time day `days` from today (negative: before). */
const dayFromToday = (days: number) => japanIsoDate(new Date(Date.now() + days * DAY_MS));

type AdReply = { ad: AdvertiserAd };

describe.each(databaseKinds())('running ads on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });
  const adCount = async (advertiserId: string) =>
    (await t.database.db.select({ n: count() }).from(ads).where(eq(ads.advertiserId, advertiserId)))[0]!.n;

  it('stores a delivery window as Japan-time instants and gives the same days back', async () => {
    const advertiser = await t.as.advertiser();
    const [startDate, endDate] = [dayFromToday(1), dayFromToday(30)];
    const created = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ startDate, endDate }),
    );
    expect(created.status).toBe(201);
    expect(created.body.ad).toMatchObject({ startDate, endDate, holds: [] });
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, created.body.ad.id));
    // 00:00 Japan time (15:00 UTC the day before) of the start; 00:00 of the day after the end.
    expect(row!.startsAt!.toISOString()).toBe(new Date(`${startDate}T00:00:00+09:00`).toISOString());
    expect(row!.endsAt!.getTime()).toBe(new Date(`${endDate}T00:00:00+09:00`).getTime() + DAY_MS);

    const oneDay = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ startDate: dayFromToday(0), endDate: dayFromToday(0) }),
    );
    expect(oneDay.body.ad).toMatchObject({ startDate: dayFromToday(0), endDate: dayFromToday(0) });
    const open = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/ads',
      runningAdInput({ startDate: null, endDate: dayFromToday(5) }),
    );
    expect(open.body.ad).toMatchObject({ startDate: null, endDate: dayFromToday(5) });
    const detail = await advertiser.client.json<{ ad: AdvertiserAdDetail }>(
      'GET',
      `/api/advertiser/ads/${created.body.ad.id}`,
    );
    expect(detail.body.ad).toMatchObject({ startDate, endDate });
    const list = await advertiser.client.json<{ ads: AdvertiserAd[] }>('GET', '/api/advertiser/ads');
    expect(list.body.ads.map((ad) => ad.endDate)).toEqual([dayFromToday(5), dayFromToday(0), endDate]);
  });

  it('refuses a window that ends before it starts, lies in the past or is no date, and creates nothing', async () => {
    const advertiser = await t.as.advertiser();
    const cases: [Partial<AdInputBody>, string][] = [
      [{ startDate: dayFromToday(10), endDate: dayFromToday(9) }, runningAdMessages.endBeforeStart],
      [{ startDate: dayFromToday(-1) }, runningAdMessages.startInPast],
      [{ endDate: dayFromToday(-1) }, runningAdMessages.endInPast],
      [{ startDate: '2026-02-30' }, runningAdMessages.dateInvalid],
      [{ endDate: '12/31/2026' }, runningAdMessages.dateInvalid],
      [{ startDate: '0026-12-01' }, runningAdMessages.dateInvalid],
    ];
    for (const [window, message] of cases) {
      for (const path of ['/api/advertiser/ads', '/api/advertiser/drafts']) {
        const refused = await advertiser.client.json<ErrorReply>('POST', path, runningAdInput(window));
        expect(refused.status, `${path} ${JSON.stringify(window)}`).toBe(400);
        expect(refused.body.error.message).toBe(message);
      }
    }
    expect(await adCount(advertiser.uid)).toBe(0);
  });

  it('lets a rejected ad keep a start that has passed, but never an end that has', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await rejectedRunningAd(t, advertiser.client, '差し戻し');
    const ended = await advertiser.client.json<ErrorReply>(
      'PUT',
      `/api/advertiser/ads/${adId}`,
      runningAdInput({ endDate: dayFromToday(-1) }),
    );
    expect(ended.body.error.message).toBe(runningAdMessages.endInPast);
    const started = await advertiser.client.json<AdReply>(
      'PUT',
      `/api/advertiser/ads/${adId}`,
      runningAdInput({ startDate: dayFromToday(-3), endDate: dayFromToday(3) }),
    );
    expect(started.status).toBe(200);
    expect(started.body.ad).toMatchObject({
      status: 'pending',
      startDate: dayFromToday(-3),
      endDate: dayFromToday(3),
    });
  });

  it('pauses and resumes an approved ad, once each, without touching its cap or its end', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedRunningAd(t, advertiser.client);
    const pause = () => advertiser.client.json<AdReply>('POST', `/api/advertiser/ads/${adId}/pause`);
    const resume = () => advertiser.client.json<AdReply>('POST', `/api/advertiser/ads/${adId}/resume`);

    const paused = await pause();
    expect(paused.status).toBe(200);
    expect(paused.body.ad).toMatchObject({ holds: ['paused'], isActive: true, maxDeliveries: 100 });
    expect((await pause()).body.ad.holds).toEqual(['paused']);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(row).toMatchObject({ holds: ['paused'], isActive: true, maxDeliveries: 100, status: 'approved' });

    const resumed = await resume();
    expect(resumed.body.ad).toMatchObject({ holds: [], isActive: true, maxDeliveries: 100 });
    expect((await resume()).body.ad.holds).toEqual([]);

    // Resuming lifts the advertiser's own pause only: a failed payment keeps holding the ad.
    await pause();
    await t.database.db
      .update(ads)
      .set({ holds: ['paused', 'billing'] })
      .where(eq(ads.id, adId));
    expect((await resume()).body.ad.holds).toEqual(['billing']);
    expect((await pause()).body.ad.holds).toEqual(['billing', 'paused']);
  });

  it('pauses only an approved ad of its own', async () => {
    const owner = await t.as.advertiser();
    const intruder = await t.as.advertiser();
    const { body } = await owner.client.json<AdReply>('POST', '/api/advertiser/ads', runningAdInput());
    const pending = await owner.client.json<ErrorReply>('POST', `/api/advertiser/ads/${body.ad.id}/pause`);
    expect(pending.status).toBe(409);
    expect(pending.body.error.message).toBe(runningAdMessages.notApproved);
    const adId = await approvedRunningAd(t, owner.client);
    for (const action of ['pause', 'resume', 'duplicate', 'submit']) {
      const refused = await intruder.client.json<ErrorReply>('POST', `/api/advertiser/ads/${adId}/${action}`);
      expect(refused.status, action).toBe(404);
    }
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(row!.holds).toEqual([]);
    expect(await adCount(intruder.uid)).toBe(0);
  });

  it('keeps a draft without a card, out of review, and submits it once, priced when submitted', async () => {
    const advertiser = await t.as.advertiser({ card: false });
    const saved = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/drafts',
      runningAdInput({ adTitle: '下書きの広告', endDate: dayFromToday(20) }),
    );
    expect(saved.status).toBe(201);
    expect(saved.body.ad).toMatchObject({ status: 'draft', isActive: false, endDate: dayFromToday(20) });
    const adId = saved.body.ad.id;
    const edited = await advertiser.client.json<AdReply>(
      'PUT',
      `/api/advertiser/ads/${adId}/draft`,
      runningAdInput({ adTitle: '直した下書き', correctOptionIndex: 3 }),
    );
    expect(edited.body.ad).toMatchObject({ status: 'draft', adTitle: '直した下書き', endDate: null });
    const detail = await advertiser.client.json<{ ad: AdvertiserAdDetail }>(
      'GET',
      `/api/advertiser/ads/${adId}`,
    );
    expect(detail.body.ad.correctOptionIndex).toBe(3);

    const review = await t.admin.json<{ ads: PendingAd[] }>('GET', '/api/admin/ads/pending');
    expect(review.body.ads.map((ad) => ad.id)).not.toContain(adId);
    const approve = await t.admin.json<ErrorReply>('POST', `/api/admin/ads/${adId}/approve`);
    expect(approve.status).toBe(409);

    const noCard = await advertiser.client.json<ErrorReply>('POST', `/api/advertiser/ads/${adId}/submit`);
    expect(noCard.status).toBe(409);
    expect(noCard.body.error.code).toBe('CARD_REQUIRED');

    await t.database.db.update(pricingConfig).set({ baseFee: 50 });
    await t.database.db.update(users).set({ cardRegistered: true }).where(eq(users.id, advertiser.uid));
    const submitted = await advertiser.client.json<{ ad: AdvertiserAd; mailed: boolean }>(
      'POST',
      `/api/advertiser/ads/${adId}/submit`,
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.ad).toMatchObject({ status: 'pending', adTitle: '直した下書き', unitPrice: 60 });
    expect(submitted.body.mailed).toBe(true);
    const again = await advertiser.client.json<ErrorReply>('POST', `/api/advertiser/ads/${adId}/submit`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(runningAdMessages.notDraft);
    const late = await advertiser.client.json<ErrorReply>(
      'PUT',
      `/api/advertiser/ads/${adId}/draft`,
      runningAdInput(),
    );
    expect(late.body.error.message).toBe(runningAdMessages.notDraft);
    const afterSubmit = await t.admin.json<{ ads: PendingAd[] }>('GET', '/api/admin/ads/pending');
    expect(afterSubmit.body.ads.map((ad) => ad.id)).toContain(adId);
  }, 30_000);

  it('edits and submits a draft in one go, and refuses a draft whose start has passed', async () => {
    const advertiser = await t.as.advertiser();
    const { body } = await advertiser.client.json<AdReply>(
      'POST',
      '/api/advertiser/drafts',
      runningAdInput({ startDate: dayFromToday(1) }),
    );
    const yesterday = new Date(`${dayFromToday(-1)}T00:00:00+09:00`);
    await t.database.db.update(ads).set({ startsAt: yesterday }).where(eq(ads.id, body.ad.id));
    const stale = await advertiser.client.json<ErrorReply>(
      'POST',
      `/api/advertiser/ads/${body.ad.id}/submit`,
    );
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe(runningAdMessages.startInPast);
    const viaForm = await advertiser.client.json<ErrorReply>(
      'PUT',
      `/api/advertiser/ads/${body.ad.id}`,
      runningAdInput({ startDate: dayFromToday(-1) }),
    );
    expect(viaForm.body.error.message).toBe(runningAdMessages.startInPast);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, body.ad.id));
    expect(row!.status).toBe('draft');

    const submitted = await advertiser.client.json<AdReply>(
      'PUT',
      `/api/advertiser/ads/${body.ad.id}`,
      runningAdInput({ adTitle: '提出した広告', startDate: dayFromToday(2) }),
    );
    expect(submitted.body.ad).toMatchObject({ status: 'pending', adTitle: '提出した広告' });
    const mail = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, advertiser.email));
    expect(mail).toHaveLength(1);
    const pending = await advertiser.client.json<ErrorReply>(
      'PUT',
      `/api/advertiser/ads/${body.ad.id}`,
      runningAdInput(),
    );
    expect(pending.body.error.message).toBe(messages.adNotEditable);
  });

  it('duplicates an ad into a draft with its content, never its review, deliveries or holds', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedRunningAd(t, advertiser.client);
    await t.database.db
      .update(ads)
      .set({
        holds: ['paused'],
        startsAt: new Date(`${dayFromToday(-5)}T00:00:00+09:00`),
        endsAt: new Date(new Date(`${dayFromToday(9)}T00:00:00+09:00`).getTime() + DAY_MS),
      })
      .where(eq(ads.id, adId));
    await recordDeliveries(t.database.db, adId, 3);
    const copy = await advertiser.client.json<AdReply>('POST', `/api/advertiser/ads/${adId}/duplicate`);
    expect(copy.status).toBe(201);
    const input = runningAdInput();
    expect(copy.body.ad).toMatchObject({
      status: 'draft',
      isActive: false,
      holds: [],
      deliveryCount: 0,
      spend: 0,
      rejectionReason: null,
      adTitle: input.adTitle,
      adUrl: input.adUrl,
      quizOptions: input.quizOptions,
      maxDeliveries: input.maxDeliveries,
      // The start had passed: left open, so the copy may be submitted as it is.
      startDate: null,
      endDate: dayFromToday(9),
    });
    expect(copy.body.ad.id).not.toBe(adId);
    const [answer] = await t.database.db
      .select()
      .from(quizAnswers)
      .where(eq(quizAnswers.adId, copy.body.ad.id));
    expect(answer?.correctOptionIndex).toBe(input.correctOptionIndex);
    const copied = await t.database.db
      .select({ n: count() })
      .from(adDeliveries)
      .where(eq(adDeliveries.adId, copy.body.ad.id));
    expect(copied[0]!.n).toBe(0);

    await t.database.db
      .update(ads)
      .set({ status: 'rejected', isActive: false, rejectionReason: '差し戻し' })
      .where(eq(ads.id, adId));
    const fromRejected = await advertiser.client.json<AdReply>(
      'POST',
      `/api/advertiser/ads/${adId}/duplicate`,
    );
    expect(fromRejected.body.ad).toMatchObject({ status: 'draft', rejectionReason: null });
    const submitted = await advertiser.client.json<AdReply>(
      'POST',
      `/api/advertiser/ads/${fromRejected.body.ad.id}/submit`,
    );
    expect(submitted.body.ad.status).toBe('pending');
  });
});
