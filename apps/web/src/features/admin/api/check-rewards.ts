import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const checkRewards = (email: string) =>
  callApi<typeof api.admin.checkRewards>('GET /api/admin/reward-check', { query: { email } });

export const checkRewardsQueryOptions = (email: string | null) =>
  queryOptions({
    queryKey: adminKeys.rewardCheck(email ?? ''),
    queryFn: () => checkRewards(email ?? ''),
    enabled: email !== null,
    // Each look-up asks again: the answer is about rewards that may have just been given.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** A person's quiz responses and their rewards, by e-mail; nothing is asked while `email` is null. */
export const useRewardChecks = (email: string | null) => useQuery(checkRewardsQueryOptions(email));
