import type { GiftRequestsResponse } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { giftKeys } from './keys.ts';

export const listGiftRequests = () => apiFetch<GiftRequestsResponse>('/api/gift-requests');

export const giftRequestsQueryOptions = () =>
  queryOptions({ queryKey: giftKeys.requests(), queryFn: listGiftRequests });

export const useGiftRequests = () => useQuery(giftRequestsQueryOptions());
