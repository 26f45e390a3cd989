import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { adminKeys } from './query-keys.ts';

export const searchUsers = (q: string, cursor: string | null) =>
  callApi<typeof api.admin.searchUsers>('GET /api/admin/users', {
    query: { q, ...(cursor && { cursor }) },
  });

/** People by (part of) an e-mail address or by id, a page at a time; nothing is asked while `q` is empty. */
export const useUserSearch = (q: string) =>
  useCursorPages(adminKeys.userSearch(q), (cursor) => searchUsers(q, cursor), { enabled: q !== '' });
