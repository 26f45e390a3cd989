import type { Config } from '../../config.ts';
import { createFolderImageStorage } from './folder-image-storage.ts';
import type { ImageStorage } from './image-storage.ts';
import { createS3ImageStorage } from './s3-image-storage.ts';

/** The storage the configuration names; the S3 SDK is loaded only when it is used. */
export async function createImageStorage(config: Pick<Config, 'images'>): Promise<ImageStorage> {
  const { images } = config;
  if (images.storage === 'folder') return createFolderImageStorage(images.dir);
  return createS3ImageStorage(images);
}
