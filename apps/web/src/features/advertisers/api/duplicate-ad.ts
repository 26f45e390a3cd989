import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Copies an ad's content into a new draft. */
export const duplicateAd = (adId: string) =>
  callApi<typeof api.advertisers.duplicateAd>('POST /api/advertiser/ads/:adId/duplicate', {
    params: { adId },
  });

export const useDuplicateAd = () => useRefreshingMutation(duplicateAd, advertiserKeys.ads);
