import type { ImageStorage } from '../../services/image-storage/image-storage.ts';
import { adImageKey } from './ad-image-view.ts';

/** A file name the app writes: a SHA-256 in hex and the extension. Anything else is not one of ours. */
const FILE_NAME = /^[0-9a-f]{64}\.webp$/;

/** The bytes of one of an image's files, from the storage every instance shares; null when there is none. */
export async function readAdImageFile(options: { storage: ImageStorage; name: string }) {
  if (!FILE_NAME.test(options.name)) return null;
  return options.storage.get(adImageKey(options.name));
}
