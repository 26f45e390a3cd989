import type { AdvertiserAd } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const listAdvertiserAds = () => apiFetch<{ ads: AdvertiserAd[] }>('/api/advertiser/ads');

export const listAdvertiserAdsQueryOptions = () =>
  queryOptions({ queryKey: advertiserKeys.ads, queryFn: listAdvertiserAds });

/** The advertiser's own ads, newest first. */
export const useAdvertiserAds = () => useQuery(listAdvertiserAdsQueryOptions());
