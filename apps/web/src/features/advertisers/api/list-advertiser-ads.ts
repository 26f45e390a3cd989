import type { AdvertiserAdsQuery, api } from '@quiz-points/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** One page of the ads table: searched, filtered and sorted as `query` says. */
export const listAdvertiserAds = (query: AdvertiserAdsQuery) =>
  callApi<typeof api.advertisers.listAds>('GET /api/advertiser/ads', { query });

export const listAdvertiserAdsQueryOptions = (query: AdvertiserAdsQuery) =>
  queryOptions({
    queryKey: advertiserKeys.adsPage(query),
    queryFn: () => listAdvertiserAds(query),
    // Another page, sort or filter keeps the rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useAdvertiserAds = (query: AdvertiserAdsQuery) => useQuery(listAdvertiserAdsQueryOptions(query));
