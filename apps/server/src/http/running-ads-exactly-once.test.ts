import type { AdvertiserAd } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads, devOutbox } from '../db/schema.ts';
import { approvedRunningAd, runningAdInput } from '../test/running-ad-input.ts';
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
    const { body } = await advertiser.client.json<{ ad: AdvertiserAd }>(
      'POST',
      '/api/advertiser/drafts',
      runningAdInput(),
    );
    const submits = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        advertiser.client.json('POST', `/api/advertiser/ads/${body.ad.id}/submit`),
      ),
    );
    expect(submits.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(submits.filter((reply) => reply.status === 409)).toHaveLength(AT_ONCE - 1);
    const [row] = await t.database.db.select().from(ads).where(eq(ads.id, body.ad.id));
    expect(row!.status).toBe('pending');
    const receipts = await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, advertiser.email));
    expect(receipts).toHaveLength(1);
  });
});
