import type { api, DayRange } from '@quiz-points/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminDashboard = ({ from, to }: DayRange) =>
  callApi<typeof api.admin.getDashboard>('GET /api/admin/dashboard', { query: { from, to } });

export const getAdminDashboardQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: adminKeys.dashboard(range.from, range.to),
    queryFn: () => getAdminDashboard(range),
  });

/**
 * The numbers: Japan-time daily series over the days of `range`, and what is owed now. While another
 * range loads, the last one's figures stay in view.
 */
export const useAdminDashboard = (range: DayRange) =>
  useQuery({ ...getAdminDashboardQueryOptions(range), placeholderData: keepPreviousData });
