import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.ts';
import { createImageStorage } from './create-image-storage.ts';
import type { ImageStorage } from './image-storage.ts';

describe('the S3 image storage against a local S3-compatible server', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let storage: ImageStorage;
  beforeAll(async () => {
    s3 = await startS3Server();
    storage = await createImageStorage({ images: s3.settings });
  });
  afterAll(() => s3.close());

  it('is the adapter the configuration names', () => {
    expect(storage.kind).toBe('s3');
  });

  it('stores bytes under a key and gives the same bytes back', async () => {
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 3, 255]);
    await storage.put('ad-images/a.webp', bytes, 'image/webp');
    expect(Buffer.from((await storage.get('ad-images/a.webp'))!)).toEqual(Buffer.from(bytes));
    // Writing a key again (the same content, by its name) is harmless.
    await storage.put('ad-images/a.webp', bytes, 'image/webp');
    expect(await storage.list()).toEqual(['ad-images/a.webp']);
  });

  it('answers null for a key it does not hold', async () => {
    expect(await storage.get('ad-images/missing.webp')).toBeNull();
  });

  it('lists every key, past a page of the listing', async () => {
    const keys = Array.from({ length: 1005 }, (_, index) => `many/${String(index).padStart(4, '0')}.webp`);
    for (let from = 0; from < keys.length; from += 50) {
      await Promise.all(
        keys.slice(from, from + 50).map((key) => storage.put(key, new Uint8Array([1]), 'image/webp')),
      );
    }
    const listed = await storage.list();
    expect(listed.filter((key) => key.startsWith('many/')).sort()).toEqual(keys);
  }, 120_000);
});
