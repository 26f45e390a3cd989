import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Holds an approved ad back from delivery until it is resumed; its cap stays. */
export const pauseAd = (adId: string) =>
  callApi<typeof api.advertisers.pauseAd>('POST /api/advertiser/ads/:adId/pause', { params: { adId } });

export const usePauseAd = () => useRefreshingMutation(pauseAd, advertiserKeys.ads);
