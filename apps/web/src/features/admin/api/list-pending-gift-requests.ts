import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listPendingGiftRequests = () =>
  callApi<typeof api.gifts.listPendingGiftRequests>('GET /api/admin/gift-requests');

export const listPendingGiftRequestsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.giftRequests, queryFn: listPendingGiftRequests });

/** The gift requests waiting to be issued or rejected, with each person's risk signals. */
export const usePendingGiftRequests = () => useQuery(listPendingGiftRequestsQueryOptions());
