import type { AdListPage, AdvertiserAd, ErrorBody } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads } from '../db/schema.ts';
import { createImageStorage } from '../services/image-storage/create-image-storage.ts';
import { advertiserSession, userSession } from '../test/factories.ts';
import { gifFile, jpegFile, uploadImage } from '../test/image-files.ts';
import { savedRunningDraft } from '../test/running-ad-input.ts';
import { startS3Server } from '../test/s3-server.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';

/**
 * Two instances of the app, each with its own S3 client, on one database and one bucket
 * (a local S3-compatible server): an image uploaded through one is listed and served by the other,
 * byte for byte, since the files come from the storage and never from a process's memory.
 */
describe('two instances on one S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    const database = await createTestDatabase('pglite');
    first = await createTestApp('pglite', {
      listen: true,
      database,
      images: await createImageStorage({ images: s3.settings }),
    });
    // The second shares the first's database, which the first closes.
    second = await createTestApp('pglite', {
      listen: true,
      database: { ...database, close: async () => {} },
      images: await createImageStorage({ images: s3.settings }),
    });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
  });

  it('leaves the bucket empty when a file is refused', async () => {
    const advertiser = await advertiserSession(first);
    const draftId = await savedRunningDraft(advertiser.client);
    const refused = await uploadImage(advertiser.client, draftId, await gifFile());
    expect(refused.status).toBe(415);
    expect((refused.body as ErrorBody).error.code).toBe('IMAGE_TYPE_UNSUPPORTED');
    expect(await first.images.list()).toEqual([]);
  });

  it('serves from one instance the image uploaded through the other', async () => {
    const advertiser = await advertiserSession(first);
    const adId = await savedRunningDraft(advertiser.client);
    const uploaded = await uploadImage(advertiser.client, adId, await jpegFile(1400, 733));
    expect(uploaded.status).toBe(200);
    const image = (uploaded.body as { ad: AdvertiserAd }).ad.image!;
    expect((await second.images.list()).sort()).toEqual(
      image.sources.map((source) => `ad-images/${source.url.split('/').pop()}`).sort(),
    );
    await first.database.db.update(ads).set({ status: 'approved', isActive: true }).where(eq(ads.id, adId));

    const member = await userSession(second);
    const list = await member.client.json<AdListPage>('GET', '/api/ads');
    expect(list.body.ads.find((ad) => ad.id === adId)?.image).toEqual(image);
    for (const source of image.sources) {
      const [fromFirst, fromSecond] = await Promise.all(
        [first, second].map(async (app) => {
          const response = await member.client.on(app.url).raw(source.url);
          expect(response.status).toBe(200);
          expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
          return Buffer.from(await response.arrayBuffer());
        }),
      );
      expect(fromSecond!.length).toBeGreaterThan(0);
      expect(fromSecond!.equals(fromFirst!)).toBe(true);
    }
  });
});
