import type { AdInputBody, api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

export const createAd = (body: AdInputBody) =>
  callApi<typeof api.advertisers.submitAd>('POST /api/advertiser/ads', { body });

export const useCreateAd = () => useRefreshingMutation(createAd, advertiserKeys.ads);
