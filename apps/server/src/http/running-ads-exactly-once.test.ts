import type { AdvertiserAd, BulkAdsResult } from '@quiz-points/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads, devOutbox } from '../db/schema.ts';
import { createAds } from '../test/factories.ts';
import { approvedRunningAd, savedRunningDraft } from '../test/running-ad-input.ts';
import { postgresKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

const AT_ONCE = 20;

describe.each(postgresKinds())('running ads under concurrency on %s', (kind) => {
  const t = useTestApp(kind);

  it(`holds an ad once when ${AT_ONCE} identical pauses arrive at once, and lifts it once`, async () => {
    const advertiser = await t.as.advertiser();
    const adId = await approvedRunningAd(t, advertiser.client);
    const fire = (action: string) =>
      Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          advertiser.client.json<{ ad: AdvertiserAd }>('POST', `/api/advertiser/ads/${adId}/${action}`),
        ),
      );
    const pauses = await fire('pause');
    expect(pauses.map((reply) => reply.status)).toEqual(Array(AT_ONCE).fill(200));
    expect(pauses.map((reply) => reply.body.ad.holds)).toEqual(Array(AT_ONCE).fill(['paused']));
    const [paused] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(paused).toMatchObject({ holds: ['paused'], isActive: true, maxDeliveries: 100 });

    const resumes = await fire('resume');
    expect(resumes.map((reply) => reply.status)).toEqual(Array(AT_ONCE).fill(200));
    const [resumed] = await t.database.db.select().from(ads).where(eq(ads.id, adId));
    expect(resumed!.holds).toEqual([]);
  });

  it(`submits a draft once when ${AT_ONCE} identical submits arrive at once`, async () => {
    const advertiser = await t.as.advertiser();
    const draftId = await savedRunningDraft(advertiser.client);
    const submits = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        advertiser.client.json('POST', `/api/advertiser/ads/${draftId}/submit`),
      ),
    );
    expect(submits.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(submits.filter((reply) => reply.status === 409)).toHaveLength(AT_ONCE - 1);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, draftId));
    expect(row!.status).toBe('pending');
    const receipts = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, advertiser.email));
    expect(receipts).toHaveLength(1);
  });

  it(`pauses each of several ads exactly once when ${AT_ONCE} identical bulk pauses arrive at once, and resumes each once`, async () => {
    const advertiser = await t.as.advertiser();
    const made = await createAds(t.database.db, 5, () => ({ advertiserId: advertiser.uid }));
    const adIds = made.map((ad) => ad.id);
    const fire = (action: 'pause' | 'resume', order: (ids: string[]) => string[] = (ids) => ids) =>
      Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) =>
          advertiser.client.json<BulkAdsResult>('POST', '/api/advertiser/ads/bulk', {
            action,
            // Half of them name the ads the other way round: the locks are taken in one order anyway.
            adIds: i % 2 === 0 ? order([...adIds]) : order([...adIds]).reverse(),
          }),
        ),
      );
    const changedOnce = (replies: { status: number; body: BulkAdsResult }[]) => {
      expect(replies.map((reply) => reply.status)).toEqual(Array(AT_ONCE).fill(200));
      return replies.flatMap((reply) => reply.body.changed).sort();
    };
    const holds = async () =>
      (await t.database.db.select({ holds: ads.holds }).from(ads).where(inArray(ads.id, adIds))).map(
        (row) => row.holds,
      );

    expect(changedOnce(await fire('pause'))).toEqual([...adIds].sort());
    expect(await holds()).toEqual(Array(5).fill(['paused']));
    expect(changedOnce(await fire('resume'))).toEqual([...adIds].sort());
    expect(await holds()).toEqual(Array(5).fill([]));
  });
});
