import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { adminKeys } from './query-keys.ts';

/** One page of the review queue: everything, or what `q` finds (empty: no search). */
export const listPendingAds = (q: string, cursor: string | null) =>
  callApi<typeof api.admin.listPendingAds>('GET /api/admin/ads/pending', {
    query: { ...(q && { q }), ...(cursor && { cursor }) },
  });

/** The ads waiting for review, oldest first, a page at a time. */
export const usePendingAds = (q: string) =>
  useCursorPages(adminKeys.pendingAdPages(q), (cursor) => listPendingAds(q, cursor));
