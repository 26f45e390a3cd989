import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { uploadFile } from '../../../lib/upload-file.ts';

/** The ad's banner image, from the chosen file, with the upload's progress (0 to 1). */
export const uploadAdImage = (adId: string, file: Blob, onProgress: (fraction: number) => void) =>
  uploadFile<typeof api.advertisers.uploadAdImage>('PUT /api/advertiser/ads/:adId/image', {
    params: { adId },
    file,
    onProgress,
  });

/** The ad without an image again. */
export const removeAdImage = (adId: string) =>
  callApi<typeof api.advertisers.removeAdImage>('DELETE /api/advertiser/ads/:adId/image', {
    params: { adId },
  });
