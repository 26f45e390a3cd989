import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { giftKeys } from './keys.ts';

export const listGiftTypes = () => callApi<typeof api.gifts.listGiftTypes>('GET /api/gift-types');

export const giftTypesQueryOptions = () =>
  queryOptions({ queryKey: giftKeys.types(), queryFn: listGiftTypes });

export const useGiftTypes = () => useQuery(giftTypesQueryOptions());
