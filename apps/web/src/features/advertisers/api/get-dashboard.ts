import type { AdvertiserDashboardQuery, api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useSteadyQuery } from '../../../lib/use-steady-query.ts';
import { advertiserKeys } from './query-keys.ts';

/** The account's dashboard over a named range, two days, or (neither) the server's default. */
export const getDashboard = (query: AdvertiserDashboardQuery) =>
  callApi<typeof api.advertisers.getDashboard>('GET /api/advertiser/dashboard', {
    query:
      query.from && query.to ? { from: query.from, to: query.to } : query.range ? { range: query.range } : {},
  });

/** Another range keeps the last figures on screen until its own arrive. */
export const useDashboard = (query: AdvertiserDashboardQuery) =>
  useSteadyQuery(advertiserKeys.dashboard(query), () => getDashboard(query));
