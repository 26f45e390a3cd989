import type { api, PointHistoryQuery } from '@quiz-points/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { cursorPagesOptions } from '../../../lib/cursor-pages.ts';
import { earningKeys, type PointHistoryFilter } from './keys.ts';

/** One page of the passbook; a field left undefined is left out of the query string. */
export const listPointHistory = ({ cursor, kind, month }: PointHistoryQuery) =>
  callApi<typeof api.earning.listPointHistory>('GET /api/points/history', {
    query: { ...(cursor && { cursor }), ...(kind && { kind }), ...(month && { month }) },
  });

/**
 * The passbook under a filter, a page at a time, refreshed
 * every few seconds so new points appear without reloading: the loaded pages are asked again in turn,
 * each from the cursor the fresh page before it gave.
 */
export const pointHistoryQueryOptions = (filter: PointHistoryFilter) =>
  cursorPagesOptions(
    earningKeys.historyPages(filter),
    (cursor) => listPointHistory({ ...filter, cursor: cursor ?? undefined }),
    { refetchInterval: 5000 },
  );

export const usePointHistory = (filter: PointHistoryFilter) =>
  useInfiniteQuery(pointHistoryQueryOptions(filter));
