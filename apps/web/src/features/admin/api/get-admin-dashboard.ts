import type { AdminDashboard } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminDashboard = (days: number) =>
  apiFetch<AdminDashboard>(`/api/admin/dashboard?days=${days}`);

export const getAdminDashboardQueryOptions = (days: number) =>
  queryOptions({ queryKey: adminKeys.dashboard(days), queryFn: () => getAdminDashboard(days) });

/** The numbers: Japan-time daily series over the last `days` days, and what is owed now. */
export const useAdminDashboard = (days: number) => useQuery(getAdminDashboardQueryOptions(days));
