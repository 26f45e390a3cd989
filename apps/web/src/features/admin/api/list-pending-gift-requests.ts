import type { PendingGiftRequest } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listPendingGiftRequests = () =>
  apiFetch<{ requests: PendingGiftRequest[] }>('/api/admin/gift-requests');

export const listPendingGiftRequestsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.giftRequests, queryFn: listPendingGiftRequests });

/** The gift requests waiting to be issued or rejected, with each person's risk signals. */
export const usePendingGiftRequests = () => useQuery(listPendingGiftRequestsQueryOptions());
