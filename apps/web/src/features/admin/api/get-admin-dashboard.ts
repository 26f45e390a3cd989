import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminDashboard = (days: number) =>
  callApi<typeof api.admin.getDashboard>('GET /api/admin/dashboard', { query: { days } });

export const getAdminDashboardQueryOptions = (days: number) =>
  queryOptions({ queryKey: adminKeys.dashboard(days), queryFn: () => getAdminDashboard(days) });

/** The numbers: Japan-time daily series over the last `days` days, and what is owed now. */
export const useAdminDashboard = (days: number) => useQuery(getAdminDashboardQueryOptions(days));
