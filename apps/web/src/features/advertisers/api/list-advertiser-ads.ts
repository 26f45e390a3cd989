import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const listAdvertiserAds = () => callApi<typeof api.advertisers.listAds>('GET /api/advertiser/ads');

export const listAdvertiserAdsQueryOptions = () =>
  queryOptions({ queryKey: advertiserKeys.ads, queryFn: listAdvertiserAds });

/** The advertiser's own ads, newest first. */
export const useAdvertiserAds = () => useQuery(listAdvertiserAdsQueryOptions());
