import type { AdvertiserAdsQuery, api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useSteadyQuery } from '../../../lib/use-steady-query.ts';
import { advertiserKeys } from './query-keys.ts';

/** One page of the ads table: searched, filtered and sorted as `query` says. */
export const listAdvertiserAds = (query: AdvertiserAdsQuery) =>
  callApi<typeof api.advertisers.listAds>('GET /api/advertiser/ads', { query });

/** Another page, sort or filter keeps the rows on screen until its own arrive. */
export const useAdvertiserAds = (query: AdvertiserAdsQuery) =>
  useSteadyQuery(advertiserKeys.adsPage(query), () => listAdvertiserAds(query));
