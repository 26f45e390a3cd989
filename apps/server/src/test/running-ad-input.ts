import { type AdInputBody, type AdvertiserAd, api } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { ads } from '../db/schema.ts';
import type { TestHttpClient } from './http-client.ts';
import type { TestAppHandle } from './use-test-app.ts';

/** A valid ad (the declaration's example, so every field another issue adds is there too). */
export function runningAdInput(overrides: Partial<AdInputBody> = {}): AdInputBody {
  return { ...structuredClone(api.advertisers.submitAd.example.body), ...overrides };
}

/** An ad submitted through the API and approved through the data layer (the admin's part). */
export async function approvedRunningAd(t: TestAppHandle, client: TestHttpClient) {
  const { body } = await client.json<{ ad: AdvertiserAd }>('POST', '/api/advertiser/ads', runningAdInput());
  await t.database.db.update(ads).set({ status: 'approved', isActive: true }).where(eq(ads.id, body.ad.id));
  return body.ad.id;
}
