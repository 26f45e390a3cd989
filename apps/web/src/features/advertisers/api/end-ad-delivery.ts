import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

export const endAdDelivery = (adId: string) =>
  callApi<typeof api.advertisers.endAd>('POST /api/advertiser/ads/:adId/end', { params: { adId } });

export const useEndAdDelivery = () => useRefreshingMutation(endAdDelivery, advertiserKeys.ads);
