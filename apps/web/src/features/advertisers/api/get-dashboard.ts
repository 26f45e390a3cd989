import type { AdvertiserDashboardQuery, api } from '@quiz-points/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** The account's dashboard over a named range, two days, or (neither) the server's default. */
export const getDashboard = (query: AdvertiserDashboardQuery) =>
  callApi<typeof api.advertisers.getDashboard>('GET /api/advertiser/dashboard', {
    query:
      query.from && query.to ? { from: query.from, to: query.to } : query.range ? { range: query.range } : {},
  });

export const getDashboardQueryOptions = (query: AdvertiserDashboardQuery) =>
  queryOptions({
    queryKey: advertiserKeys.dashboard(query),
    queryFn: () => getDashboard(query),
    // Another range keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useDashboard = (query: AdvertiserDashboardQuery) => useQuery(getDashboardQueryOptions(query));
