import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getUserOverview = (userId: string) =>
  callApi<typeof api.admin.getUserOverview>('GET /api/admin/users/:userId', { params: { userId } });

export const getUserOverviewQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminKeys.user(userId), queryFn: () => getUserOverview(userId) });

/** One person: profile, ledger, gift requests and suspension history. */
export const useUserOverview = (userId: string) => useQuery(getUserOverviewQueryOptions(userId));
