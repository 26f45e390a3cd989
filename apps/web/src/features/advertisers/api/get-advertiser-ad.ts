import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getAdvertiserAd = (adId: string) =>
  callApi<typeof api.advertisers.getAd>('GET /api/advertiser/ads/:adId', { params: { adId } }).then(
    (data) => data.ad,
  );

export const getAdvertiserAdQueryOptions = (adId: string) =>
  queryOptions({ queryKey: advertiserKeys.ad(adId), queryFn: () => getAdvertiserAd(adId) });

export const useAdvertiserAd = (adId: string) => useQuery(getAdvertiserAdQueryOptions(adId));
