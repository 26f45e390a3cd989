import { createHash } from 'node:crypto';
import { adImageMessages, DomainError, type ErrorCode } from '@quiz-points/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  animatedPngFile,
  animatedWebpFile,
  gifFile,
  jpegFile,
  phoneJpegFile,
  pngBombFile,
  pngFile,
  textFile,
  truncated,
  webpFile,
} from '../../test/image-files.ts';
import { prepareAdImage } from './prepare-ad-image.ts';

async function refusal(bytes: Uint8Array): Promise<ErrorCode> {
  try {
    await prepareAdImage(bytes);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('prepareAdImage', () => {
  it('remakes a JPEG as WebP at 320, 640 and 1280 pixels wide, each named by its content', async () => {
    const image = await prepareAdImage(await jpegFile(1600, 900));
    expect(image.files.map((file) => [file.width, file.height])).toEqual([
      [320, 180],
      [640, 360],
      [1280, 720],
    ]);
    expect([image.width, image.height]).toEqual([1280, 720]);
    for (const file of image.files) {
      expect(file.name).toBe(`${createHash('sha256').update(file.bytes).digest('hex')}.webp`);
      const made = await sharp(file.bytes).metadata();
      expect([made.format, made.width, made.height]).toEqual(['webp', file.width, file.height]);
    }
  });

  it('never enlarges: a narrower picture keeps its own width as its widest file', async () => {
    const image = await prepareAdImage(await pngFile(500, 250));
    expect(image.files.map((file) => file.width)).toEqual([320, 500]);
    const small = await prepareAdImage(await webpFile(200, 120));
    expect(small.files.map((file) => [file.width, file.height])).toEqual([[200, 120]]);
  });

  it('turns a phone photo upright and leaves none of its metadata (EXIF, GPS, orientation)', async () => {
    const image = await prepareAdImage(await phoneJpegFile());
    // 900 × 600 taken turned: upright it is 600 wide and 900 high.
    expect(image.files.at(-1)).toMatchObject({ width: 600, height: 900 });
    for (const file of image.files) {
      const made = await sharp(file.bytes).metadata();
      expect(made.exif).toBeUndefined();
      expect(made.icc).toBeUndefined();
      expect(made.orientation).toBeUndefined();
      expect(Buffer.from(file.bytes).includes('secret-exif-copyright')).toBe(false);
    }
  });

  it('makes the same files of the same picture (so a file is stored once, whoever sends it)', async () => {
    const file = await jpegFile(700, 400);
    const [first, second] = await Promise.all([prepareAdImage(file), prepareAdImage(file)]);
    expect(second.files.map((f) => f.name)).toEqual(first.files.map((f) => f.name));
  });

  it.each([
    ['a GIF', gifFile, 'IMAGE_TYPE_UNSUPPORTED'],
    ['a text file (whatever it is called)', async () => textFile(), 'IMAGE_TYPE_UNSUPPORTED'],
    ['nothing at all', async () => Buffer.alloc(0), 'IMAGE_TYPE_UNSUPPORTED'],
    [
      'a decompression bomb (20,000 × 20,000 pixels in a small PNG)',
      async () => pngBombFile(),
      'IMAGE_TOO_MANY_PIXELS',
    ],
    ['a cut JPEG', async () => truncated(await jpegFile()), 'IMAGE_UNREADABLE'],
    ['a cut PNG', async () => truncated(await pngFile()), 'IMAGE_UNREADABLE'],
    ['a cut WebP', async () => truncated(await webpFile()), 'IMAGE_UNREADABLE'],
    [
      'a JPEG signature on garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), textFile()]),
      'IMAGE_UNREADABLE',
    ],
    ['an animated WebP', animatedWebpFile, 'IMAGE_ANIMATED'],
    ['an animated PNG (APNG)', animatedPngFile, 'IMAGE_ANIMATED'],
    ['a strip (5 times as wide as high)', () => pngFile(1000, 200), 'IMAGE_SHAPE'],
  ] as const)('refuses %s', async (_label, file, code) => {
    expect(await refusal(await file())).toBe(code);
  });

  it('has a Japanese message for each refusal', () => {
    expect(new DomainError('IMAGE_TOO_MANY_PIXELS').message).toBe(adImageMessages.adImageTooManyPixels);
    expect(new DomainError('IMAGE_TYPE_UNSUPPORTED').message).toBe(adImageMessages.adImageTypeUnsupported);
  });
});
