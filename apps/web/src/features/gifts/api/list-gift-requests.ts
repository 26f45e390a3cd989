import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { giftKeys } from './keys.ts';

export const listGiftRequests = () => callApi<typeof api.gifts.listGiftRequests>('GET /api/gift-requests');

export const giftRequestsQueryOptions = () =>
  queryOptions({ queryKey: giftKeys.requests(), queryFn: listGiftRequests });

export const useGiftRequests = () => useQuery(giftRequestsQueryOptions());
