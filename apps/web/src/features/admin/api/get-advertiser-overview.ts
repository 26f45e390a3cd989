import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getAdvertiserOverview = (userId: string) =>
  callApi<typeof api.admin.getAdvertiserOverview>('GET /api/admin/advertisers/:userId', {
    params: { userId },
  });

export const getAdvertiserOverviewQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminKeys.advertiser(userId), queryFn: () => getAdvertiserOverview(userId) });

/** One advertiser: account, ads, this month's spend, invoices and suspension history. */
export const useAdvertiserOverview = (userId: string) => useQuery(getAdvertiserOverviewQueryOptions(userId));
