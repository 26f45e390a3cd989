import { createHash } from 'node:crypto';
import {
  AD_IMAGE_MAX_PIXELS,
  AD_IMAGE_MAX_SIDE_RATIO,
  AD_IMAGE_WIDTHS,
  DomainError,
} from '@quiz-points/shared';
import type { Sharp } from 'sharp';

type Format = 'jpeg' | 'png' | 'webp';

/** One WebP file made of an upload, named by its content. */
export interface AdImageFile {
  width: number;
  height: number;
  /** `<sha-256 of the bytes>.webp`: the same name always holds the same bytes. */
  name: string;
  bytes: Uint8Array;
}

/** What an accepted upload becomes: its files, narrowest first, and the widest one's size. */
export interface PreparedAdImage {
  width: number;
  height: number;
  files: AdImageFile[];
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The format the bytes say they are by their first bytes (their signature), whatever the name or type. */
function formatOf(bytes: Uint8Array): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, at) => bytes[at] === byte)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * An animated PNG (APNG) announces its frames in an `acTL` chunk before the image data. The decoder
 * shows only its first frame, so the chunk itself is looked for: more than one frame is animated.
 */
function isAnimatedPng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, at + 8);
    if (type === 'IDAT' || type === 'IEND') return false;
    if (type === 'acTL') return at + 12 <= bytes.length && view.getUint32(at + 8) > 1;
    at += 12 + length;
  }
  return false;
}

let loadedSharp: Promise<typeof import('sharp')> | undefined;
/** sharp (libvips) is loaded on the first upload, not at start-up; its cache is off (nothing repeats). */
function loadSharp() {
  loadedSharp ??= import('sharp').then((module) => {
    module.default.cache(false);
    return module;
  });
  return loadedSharp;
}

/** Two decodes at a time per instance: a burst of uploads queues instead of taking every core and gigabytes. */
const MAX_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The decoder's own refusal of too many pixels (limitInputPixels), or any other failure to decode. */
const decodeFailure = (error: unknown) =>
  new DomainError(
    error instanceof Error && /pixel limit/i.test(error.message)
      ? 'IMAGE_TOO_MANY_PIXELS'
      : 'IMAGE_UNREADABLE',
  );

async function encode(pipeline: Sharp): Promise<AdImageFile> {
  const { data, info } = await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  const name = `${createHash('sha256').update(data).digest('hex')}.webp`;
  return { width: info.width, height: info.height, name, bytes: data };
}

/**
 * An upload checked and remade as WebP (docs/decisions/031-image-creatives.md). What it is
 * is decided by its bytes: a JPEG, PNG or WebP signature, which the decoder must agree with; then
 * its declared size (more than AD_IMAGE_MAX_PIXELS is refused before anything is decoded), a shape
 * a banner can take (AD_IMAGE_MAX_SIDE_RATIO), a single frame, and a decode that reaches the end of the data. The picture is turned upright by its EXIF
 * orientation, converted to sRGB and written at each of AD_IMAGE_WIDTHS narrower than it and at its
 * own width (at most the widest of them): never enlarged, and with no metadata (EXIF, GPS, ICC) left. Nothing is stored here; a refusal is a DomainError naming what is wrong.
 */
export async function prepareAdImage(bytes: Uint8Array): Promise<PreparedAdImage> {
  const format = formatOf(bytes);
  if (!format) throw new DomainError('IMAGE_TYPE_UNSUPPORTED');
  if (format === 'png' && isAnimatedPng(bytes)) throw new DomainError('IMAGE_ANIMATED');
  const { default: sharp } = await loadSharp();
  const source = () => sharp(bytes, { limitInputPixels: AD_IMAGE_MAX_PIXELS, failOn: 'error' });

  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new DomainError('IMAGE_UNREADABLE');
    });
  if (metadata.format !== format) throw new DomainError('IMAGE_TYPE_UNSUPPORTED');
  if (metadata.width * metadata.height > AD_IMAGE_MAX_PIXELS) throw new DomainError('IMAGE_TOO_MANY_PIXELS');
  if ((metadata.pages ?? 1) > 1) throw new DomainError('IMAGE_ANIMATED');
  const { width: uprightWidth, height: uprightHeight } = metadata.autoOrient;
  if (Math.max(uprightWidth, uprightHeight) > AD_IMAGE_MAX_SIDE_RATIO * Math.min(uprightWidth, uprightHeight))
    throw new DomainError('IMAGE_SHAPE');

  return oneOfFew(async () => {
    // Each standard width below the picture's own, then its own (the widest standard one at most).
    const largest = Math.min(uprightWidth, Math.max(...AD_IMAGE_WIDTHS));
    const widths = [...AD_IMAGE_WIDTHS.filter((width) => width < largest), largest];
    // Decoded once, to the widest file's size (JPEG and WebP decode straight to it), in sRGB; the
    // files are written from these pixels, so no metadata of the upload reaches them.
    const pixels = await source()
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw decodeFailure(error);
      });
    const raw = { raw: pixels.info };
    const files = await Promise.all(
      widths.map((width) => encode(sharp(pixels.data, raw).resize({ width, withoutEnlargement: true }))),
    );
    const widest = files.at(-1)!;
    return { width: widest.width, height: widest.height, files };
  });
}
