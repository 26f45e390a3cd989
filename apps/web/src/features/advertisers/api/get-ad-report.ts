import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getAdReport = (adId: string) =>
  callApi<typeof api.advertisers.getAdReport>('GET /api/advertiser/ads/:adId/report', { params: { adId } });

export const getAdReportQueryOptions = (adId: string) =>
  queryOptions({ queryKey: advertiserKeys.report(adId), queryFn: () => getAdReport(adId) });

export const useAdReport = (adId: string) => useQuery(getAdReportQueryOptions(adId));
