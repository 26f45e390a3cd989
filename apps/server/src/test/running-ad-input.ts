import { type AdInputBody, type AdvertiserAd, api } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { ads } from '../db/schema.ts';
import type { TestHttpClient } from './http-client.ts';
import type { TestAppHandle } from './use-test-app.ts';

/** A valid ad (the declaration's example, so every field another issue adds is there too). */
export function runningAdInput(overrides: Partial<AdInputBody> = {}): AdInputBody {
  return { ...structuredClone(api.advertisers.submitAd.example.body), ...overrides };
}

/** An ad kept as a draft through the API; its id. */
export async function savedRunningDraft(client: TestHttpClient) {
  const { body } = await client.json<{ ad: AdvertiserAd }>(
    'POST',
    '/api/advertiser/drafts',
    runningAdInput(),
  );
  return body.ad.id;
}

/** An ad submitted through the API, waiting for review; its id. */
export async function submittedRunningAd(client: TestHttpClient) {
  const { body } = await client.json<{ ad: AdvertiserAd }>('POST', '/api/advertiser/ads', runningAdInput());
  return body.ad.id;
}

/** An ad submitted through the API and reviewed through the data layer (the admin's part). */
async function reviewedRunningAd(
  t: TestAppHandle,
  client: TestHttpClient,
  review: Pick<typeof ads.$inferInsert, 'status' | 'isActive' | 'rejectionReason'>,
) {
  const adId = await submittedRunningAd(client);
  await t.database.db.update(ads).set(review).where(eq(ads.id, adId));
  return adId;
}

/** An ad submitted through the API and approved (so delivering). */
export const approvedRunningAd = (t: TestAppHandle, client: TestHttpClient) =>
  reviewedRunningAd(t, client, { status: 'approved', isActive: true });

/** An ad submitted through the API and rejected with `reason`. */
export const rejectedRunningAd = (t: TestAppHandle, client: TestHttpClient, reason: string) =>
  reviewedRunningAd(t, client, { status: 'rejected', rejectionReason: reason });
