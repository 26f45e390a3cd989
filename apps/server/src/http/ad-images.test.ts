import {
  type AdListPage,
  type AdQuiz,
  type AdvertiserAd,
  adImageMessages,
  type ErrorBody,
  messages,
  type PendingAd,
} from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ads } from '../db/schema.ts';
import { createAd } from '../test/factories.ts';
import type { TestHttpClient } from '../test/http-client.ts';
import {
  animatedPngFile,
  animatedWebpFile,
  gifFile,
  jpegFile,
  pngBombFile,
  pngFile,
  textFile,
  tooLargeFile,
  truncated,
  uploadImage,
  webpFile,
} from '../test/image-files.ts';
import { runningAdInput } from '../test/running-ad-input.ts';
import { databaseKinds } from '../test/test-database.ts';
import { useTestApp } from '../test/use-test-app.ts';

type AdReply = { ad: AdvertiserAd };

/** A new draft of the advertiser's, made through the API. */
async function draftOf(client: TestHttpClient) {
  const created = await client.json<AdReply>('POST', '/api/advertiser/drafts', runningAdInput());
  expect(created.status).toBe(201);
  return created.body.ad.id;
}

const imageOf = (reply: { body: unknown }) => (reply.body as AdReply).ad.image;

describe.each(databaseKinds())('an ad image, from upload to the member on %s', (kind) => {
  const t = useTestApp(kind, { admin: true });

  it('is reviewed with the ad, then shown on the member’s ad card and quiz page, its files cached a year', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await draftOf(advertiser.client);
    const uploaded = await uploadImage(advertiser.client, adId, await jpegFile(1600, 900));
    expect(uploaded.status).toBe(200);
    const image = imageOf(uploaded)!;
    expect(image).toMatchObject({ width: 1280, height: 720 });
    expect(image.sources.map((source) => source.width)).toEqual([320, 640, 1280]);
    for (const source of image.sources) expect(source.url).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);

    const submitted = await advertiser.client.json<AdReply>('POST', `/api/advertiser/ads/${adId}/submit`);
    expect(submitted.body.ad).toMatchObject({ status: 'pending', image });
    const pending = await t.admin.json<{ ads: PendingAd[] }>('GET', '/api/admin/ads/pending');
    expect(pending.body.ads.find((ad) => ad.id === adId)?.image).toEqual(image);
    expect((await t.admin.json('POST', `/api/admin/ads/${adId}/approve`)).status).toBe(200);

    const member = await t.as.user();
    const list = await member.client.json<AdListPage>('GET', '/api/ads');
    expect(list.body.ads.find((ad) => ad.id === adId)?.image).toEqual(image);
    const quiz = await member.client.json<AdQuiz>('GET', `/api/ads/${adId}/quiz`);
    expect(quiz.body.image).toEqual(image);

    for (const source of image.sources) {
      const file = await member.client.raw(source.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect((await sharp(bytes).metadata()).width).toBe(source.width);
    }
  });

  it('shows an image on a member’s list even when the ad is listed from the person’s own click', async () => {
    // An ad at its cap leaves the segment's list but stays on the page of whoever opened it: its
    // details then come with the person's row (list-ads-for-user.ts), the image with them.
    const advertiser = await t.as.advertiser();
    const adId = await draftOf(advertiser.client);
    const image = imageOf(await uploadImage(advertiser.client, adId, await pngFile(640, 335)));
    await t.database.db
      .update(ads)
      .set({ status: 'approved', isActive: true, maxDeliveries: 1 })
      .where(eq(ads.id, adId));
    const member = await t.as.user();
    expect((await member.client.json('POST', `/api/ads/${adId}/click`)).status).toBe(200);
    const list = await member.client.json<AdListPage>('GET', '/api/ads');
    expect(list.body.ads.find((ad) => ad.id === adId)).toMatchObject({ image });
  });
});

describe('uploading an ad image', () => {
  const t = useTestApp('pglite', { admin: true });
  const stored = () => t.images.list();

  it.each([
    ['a GIF', gifFile, 415, adImageMessages.adImageTypeUnsupported],
    [
      'a text file named .png, sent as image/png',
      async () => textFile(),
      415,
      adImageMessages.adImageTypeUnsupported,
    ],
    ['a file over 5 MB', async () => tooLargeFile(), 413, adImageMessages.adImageTooLarge],
    [
      'a decompression bomb (400 million pixels)',
      async () => pngBombFile(),
      422,
      adImageMessages.adImageTooManyPixels,
    ],
    ['a cut-off JPEG', async () => truncated(await jpegFile()), 422, adImageMessages.adImageUnreadable],
    ['a cut-off PNG', async () => truncated(await pngFile()), 422, adImageMessages.adImageUnreadable],
    ['an animated WebP', animatedWebpFile, 422, adImageMessages.adImageAnimated],
    ['an animated PNG', animatedPngFile, 422, adImageMessages.adImageAnimated],
  ] as const)('refuses %s with its message and stores nothing', async (_label, file, status, message) => {
    const advertiser = await t.as.advertiser();
    const adId = await draftOf(advertiser.client);
    const before = await stored();
    const refused = await uploadImage(advertiser.client, adId, await file(), 'image/png');
    expect(refused.status).toBe(status);
    expect((refused.body as ErrorBody).error.message).toBe(message);
    expect(await stored()).toEqual(before);
    expect(before).toEqual([]);
    const [row] = await t.database.db.select({ image: ads.image }).from(ads).where(eq(ads.id, adId));
    expect(row?.image).toBeNull();
  });

  it('knows a file by its content, not by the type it was sent as', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await draftOf(advertiser.client);
    const asGif = await uploadImage(advertiser.client, adId, await webpFile(400, 300), 'image/gif');
    expect(asGif.status).toBe(200);
    expect(imageOf(asGif)?.sources.map((source) => source.width)).toEqual([320, 400]);
    // Neither JSON nor a form is an upload.
    const json = await advertiser.client.raw(`/api/advertiser/ads/${adId}/image`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image: 'x' }),
    });
    expect(json.status).toBe(415);
    await json.arrayBuffer();
  });

  it('changes an image only where the text may change: a draft or a rejected ad, not one in review or running', async () => {
    const advertiser = await t.as.advertiser();
    const png = await pngFile(640, 335);
    const rejected = await createAd(t.database.db, {
      advertiserId: advertiser.uid,
      status: 'rejected',
      isActive: false,
      rejectionReason: '画像が不鮮明です',
    });
    const changed = await uploadImage(advertiser.client, rejected.id, png);
    expect(changed.status).toBe(200);
    // It stays rejected until resubmitted, which sends it, image and all, back to review.
    expect((changed.body as AdReply).ad.status).toBe('rejected');
    const resubmitted = await advertiser.client.json<AdReply>(
      'PUT',
      `/api/advertiser/ads/${rejected.id}`,
      runningAdInput(),
    );
    expect(resubmitted.body.ad).toMatchObject({ status: 'pending', image: imageOf(changed) });

    for (const status of ['pending', 'approved'] as const) {
      const ad = await createAd(t.database.db, {
        advertiserId: advertiser.uid,
        status,
        isActive: status === 'approved',
      });
      const before = await t.images.list();
      const refused = await uploadImage(advertiser.client, ad.id, await jpegFile(800, 420));
      expect(refused.status).toBe(409);
      expect((refused.body as ErrorBody).error.message).toBe(messages.adNotEditable);
      expect(await t.images.list()).toEqual(before);
      const removal = await advertiser.client.json<ErrorBody>('DELETE', `/api/advertiser/ads/${ad.id}/image`);
      expect(removal.status).toBe(409);
    }
  });

  it('takes an image off a draft, and copies an ad with its image', async () => {
    const advertiser = await t.as.advertiser();
    const adId = await draftOf(advertiser.client);
    const image = imageOf(await uploadImage(advertiser.client, adId, await pngFile(640, 335)));
    const copy = await advertiser.client.json<AdReply>('POST', `/api/advertiser/ads/${adId}/duplicate`);
    expect(copy.body.ad.image).toEqual(image);
    const removed = await advertiser.client.json<AdReply>('DELETE', `/api/advertiser/ads/${adId}/image`);
    expect(removed.status).toBe(200);
    expect(removed.body.ad.image).toBeNull();
    // The copy's files are still served: files are kept, and shared by content.
    const file = await advertiser.client.raw(image!.sources[0]!.url);
    expect(file.status).toBe(200);
    await file.arrayBuffer();
  });

  it('refuses another advertiser’s ad as if it did not exist, before reading the file', async () => {
    const owner = await t.as.advertiser();
    const other = await t.as.advertiser();
    const adId = await draftOf(owner.client);
    const before = await t.images.list();
    const file = await pngFile(640, 300);
    expect((await uploadImage(other.client, adId, file)).status).toBe(404);
    // The admin places house ads of their own but never changes an advertiser's.
    expect((await uploadImage(t.admin, adId, file)).status).toBe(404);
    expect(await t.images.list()).toEqual(before);
    const [row] = await t.database.db.select({ image: ads.image }).from(ads).where(eq(ads.id, adId));
    expect(row?.image).toBeNull();
  });

  it('answers 404, never cached, for a file that is not there or a name that is not one of ours', async () => {
    const visitor = t.as.visitor();
    for (const name of [
      `${'0'.repeat(64)}.webp`,
      'x.webp',
      '..%2F..%2Fpackage.json',
      `${'a'.repeat(64)}.png`,
    ]) {
      const response = await visitor.raw(`/images/${name}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
      expect(((await response.json()) as ErrorBody).error.code).toBe('NOT_FOUND');
    }
  });
});
