import type { AdInputBody, api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Edits a rejected ad and resubmits it for review. */
export const updateAd = ({ adId, body }: { adId: string; body: AdInputBody }) =>
  callApi<typeof api.advertisers.resubmitAd>('PUT /api/advertiser/ads/:adId', { params: { adId }, body });

export const useUpdateAd = () => useRefreshingMutation(updateAd, advertiserKeys.ads);
