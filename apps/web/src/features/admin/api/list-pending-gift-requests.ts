import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useCursorPages } from '../hooks/use-cursor-pages.ts';
import { adminKeys } from './query-keys.ts';

/** One page of the pending requests: all, or those of people whose e-mail holds `q` (empty: no search). */
export const listPendingGiftRequests = (q: string, cursor: string | null) =>
  callApi<typeof api.gifts.listPendingGiftRequests>('GET /api/admin/gift-requests', {
    query: { ...(q && { q }), ...(cursor && { cursor }) },
  });

/** The gift requests waiting to be issued or rejected, with each person's risk signals, a page at a time. */
export const usePendingGiftRequests = (q: string) =>
  useCursorPages(adminKeys.giftRequestPages(q), (cursor) => listPendingGiftRequests(q, cursor));
