import type { AdReportQuery, api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useSteadyQuery } from '../../../lib/use-steady-query.ts';
import { advertiserKeys } from './query-keys.ts';

/** The ad's report over `range` (both days, or neither for the server's default). */
export const getAdReport = (adId: string, range: AdReportQuery) =>
  callApi<typeof api.advertisers.getAdReport>('GET /api/advertiser/ads/:adId/report', {
    params: { adId },
    query: range.from && range.to ? { from: range.from, to: range.to } : {},
  });

/** A new range keeps the last figures on screen until its own arrive. */
export const useAdReport = (adId: string, range: AdReportQuery) =>
  useSteadyQuery([...advertiserKeys.report(adId), range.from ?? '', range.to ?? ''], () =>
    getAdReport(adId, range),
  );
