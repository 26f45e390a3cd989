import type { AdReportQuery, api } from '@quiz-points/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** The ad's report over `range` (both days, or neither for the server's default). */
export const getAdReport = (adId: string, range: AdReportQuery) =>
  callApi<typeof api.advertisers.getAdReport>('GET /api/advertiser/ads/:adId/report', {
    params: { adId },
    query: range.from && range.to ? { from: range.from, to: range.to } : {},
  });

export const getAdReportQueryOptions = (adId: string, range: AdReportQuery) =>
  queryOptions({
    queryKey: [...advertiserKeys.report(adId), range.from ?? '', range.to ?? ''],
    queryFn: () => getAdReport(adId, range),
    // A new range keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useAdReport = (adId: string, range: AdReportQuery) =>
  useQuery(getAdReportQueryOptions(adId, range));
