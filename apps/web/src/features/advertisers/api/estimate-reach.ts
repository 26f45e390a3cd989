import type { api, ReachEstimateBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useSteadyQuery } from '../../../lib/use-steady-query.ts';
import { advertiserKeys } from './query-keys.ts';

export const estimateReach = (body: ReachEstimateBody) =>
  callApi<typeof api.advertisers.estimateReach>('POST /api/advertiser/reach-estimate', { body });

/**
 * About how many members the targeting reaches. While a new answer loads, the last one stays
 * (`isPlaceholderData`), so the figure does not flicker as boxes are ticked.
 */
export const useReachEstimate = (targeting: ReachEstimateBody) =>
  useSteadyQuery(advertiserKeys.reach(targeting), () => estimateReach(targeting), {
    // Members come and go slowly; asking again for the same targeting only spends the rate limit.
    staleTime: 5 * 60_000,
    retry: false,
  });
