// Issue 28, image creatives: one banner image per ad (docs/decisions/031-image-creatives.md). The
// server decides what an upload is from its bytes; these rules are shared so the browser can say the
// same thing before sending.

export type { AdImage } from './responses/common.ts';

import { messages } from './messages.ts';
import type { AdImage } from './responses/common.ts';

/** The largest upload: 5 MB. */
export const AD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What an upload may be, recognised by its content (the file picker offers these types). */
export const adImageMediaTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The widths made of every image, in pixels; none wider than the upload (never enlarged). */
export const AD_IMAGE_WIDTHS = [320, 640, 1280] as const;

/**
 * The most pixels an upload may declare (8,000 × 5,000): a larger one is refused before it is
 * decoded, so a small file that would unpack into gigabytes (a decompression bomb) costs nothing.
 */
export const AD_IMAGE_MAX_PIXELS = 40_000_000;

/**
 * The longest side may be at most this many times the shortest: a banner, not a strip (a strip also
 * could not be written as WebP, whose sides stop at 16,383 pixels).
 */
export const AD_IMAGE_MAX_SIDE_RATIO = 4;

/** Where an image file is served, by its content-addressed name (`<sha-256>.webp`). */
export const adImageUrl = (name: string) => `/images/${name}`;

/** The `srcset` of an image: each width made of it. */
export const adImageSrcSet = (image: AdImage) =>
  image.sources.map((source) => `${source.url} ${source.width}w`).join(', ');

/** The narrowest source: what a browser without `srcset` shows. */
export const adImageFallback = (image: AdImage) => image.sources[0]?.url ?? '';

/**
 * What the browser can tell before sending, as the server would say it: too large, or a type that is
 * surely not taken. A file that passes may still be refused: the server reads the bytes.
 */
export function adImageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > AD_IMAGE_MAX_BYTES) return messages.adImageTooLarge;
  // An empty type (a name without an extension) is left to the server.
  if (file.type && !(adImageMediaTypes as readonly string[]).includes(file.type))
    return messages.adImageTypeUnsupported;
  return null;
}
