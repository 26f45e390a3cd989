// Image creatives: one banner image per ad (docs/decisions/031-image-creatives.md). The
// server decides what an upload is from its bytes; these rules are shared so the browser can say the
// same thing before sending.

export type { AdImage } from '../core/responses.ts';

import type { AdImage } from '../core/responses.ts';

/**
 * Why an upload was refused (nothing of a refused file is kept). Apart from the main catalogue, which
 * every first page downloads (e2e/bundle-budget.e2e.ts): only the ad form and the server need them;
 * the error table (errors.ts) names them as it names the catalogue's.
 */
export const adImageMessages = {
  adImageTypeUnsupported:
    'この画像は使えません。JPEG・PNG・WebPのいずれかの形式の画像を選んでください（ファイル名ではなく中身で判定します）。',
  adImageTooLarge: '画像のファイルサイズが大きすぎます。5MB以内の画像を選んでください。',
  adImageTooManyPixels:
    '画像の縦横のピクセル数が大きすぎます。4,000万ピクセル（例：横8,000×縦5,000）以内の画像を選んでください。',
  adImageUnreadable:
    '画像ファイルが壊れているか、途中までしか保存されていないため読み込めません。別のファイルを選んでください。',
  adImageShape: '画像が細長すぎます。長い辺が短い辺の4倍以内の画像を選んでください。',
  adImageAnimated: 'アニメーション画像は使えません。動かない画像（静止画）を選んでください。',
  adImageUploadFailed: '画像のアップロードに失敗しました。もう一度お試しください。',
} as const;

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
  if (file.size > AD_IMAGE_MAX_BYTES) return adImageMessages.adImageTooLarge;
  // An empty type (a name without an extension) is left to the server.
  if (file.type && !(adImageMediaTypes as readonly string[]).includes(file.type))
    return adImageMessages.adImageTypeUnsupported;
  return null;
}
