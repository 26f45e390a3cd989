import type { GiftTypesResponse } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { giftKeys } from './keys.ts';

export const listGiftTypes = () => apiFetch<GiftTypesResponse>('/api/gift-types');

export const giftTypesQueryOptions = () =>
  queryOptions({ queryKey: giftKeys.types(), queryFn: listGiftTypes });

export const useGiftTypes = () => useQuery(giftTypesQueryOptions());
