import type { AdminSummary } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminSummary = () => apiFetch<AdminSummary>('/api/admin/summary');

export const getAdminSummaryQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.summary, queryFn: getAdminSummary });

/** What waits for the admin: the hub's counts. */
export const useAdminSummary = () => useQuery(getAdminSummaryQueryOptions());
