import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const searchUsers = (q: string) =>
  callApi<typeof api.admin.searchUsers>('GET /api/admin/users', { query: { q } });

export const searchUsersQueryOptions = (q: string) =>
  queryOptions({ queryKey: adminKeys.userSearch(q), queryFn: () => searchUsers(q), enabled: q !== '' });

/** People by (part of) an e-mail address or by id; nothing is asked while `q` is empty. */
export const useUserSearch = (q: string) => useQuery(searchUsersQueryOptions(q));
