import { type AdImage, adImageUrl } from '@quiz-points/shared';
import type { StoredAdImage } from '../../db/schema.ts';

/** Where a file of an ad's image is kept in the image storage. */
export const adImageKey = (name: string) => `ad-images/${name}`;

/** An ad's stored image as the API answers it: each file's address and width. */
export function adImageView(image: StoredAdImage | null): AdImage | null {
  if (!image) return null;
  return {
    width: image.width,
    height: image.height,
    sources: image.files.map((file) => ({ url: adImageUrl(file.name), width: file.width })),
  };
}
