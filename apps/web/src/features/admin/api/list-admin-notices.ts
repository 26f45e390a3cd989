import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listAdminNotices = () => callApi<typeof api.notices.listAdminNotices>('GET /api/admin/notices');

export const listAdminNoticesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.notices, queryFn: listAdminNotices });

/** Every notice, the newest posted first, with how many people have read each. */
export const useAdminNotices = () => useQuery(listAdminNoticesQueryOptions());
