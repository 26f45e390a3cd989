import type { AdReport } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getAdReport = (adId: string) =>
  apiFetch<AdReport>(`/api/advertiser/ads/${encodeURIComponent(adId)}/report`);

export const getAdReportQueryOptions = (adId: string) =>
  queryOptions({ queryKey: advertiserKeys.report(adId), queryFn: () => getAdReport(adId) });

export const useAdReport = (adId: string) => useQuery(getAdReportQueryOptions(adId));
