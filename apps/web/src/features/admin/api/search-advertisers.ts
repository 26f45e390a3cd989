import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { adminKeys } from './query-keys.ts';

export const searchAdvertisers = (q: string, cursor: string | null) =>
  callApi<typeof api.admin.searchAdvertisers>('GET /api/admin/advertisers', {
    query: { ...(q && { q }), ...(cursor && { cursor }) },
  });

/** Advertisers by part of an e-mail, a name or a company name, a page at a time; everyone while `q` is empty. */
export const useAdvertiserSearch = (q: string) =>
  useCursorPages(adminKeys.advertiserSearch(q), (cursor) => searchAdvertisers(q, cursor));
