import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getPricing = () => callApi<typeof api.advertisers.getPricing>('GET /api/advertiser/pricing');

export const getPricingQueryOptions = () =>
  queryOptions({ queryKey: advertiserKeys.pricing, queryFn: getPricing });

/** The pricing in force, for the ad form's live price. */
export const usePricing = () => useQuery(getPricingQueryOptions());
