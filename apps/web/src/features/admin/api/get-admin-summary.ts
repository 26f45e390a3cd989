import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const getAdminSummary = () => callApi<typeof api.admin.getSummary>('GET /api/admin/summary');

export const getAdminSummaryQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.summary, queryFn: getAdminSummary });

/** What waits for the admin: the hub's counts. */
export const useAdminSummary = () => useQuery(getAdminSummaryQueryOptions());
