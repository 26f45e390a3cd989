import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listGiftCodes = (giftType: string, amount: number) =>
  callApi<typeof api.gifts.listGiftCodes>('GET /api/admin/gift-codes', {
    query: { giftType, amount: String(amount) },
  });

export const listGiftCodesQueryOptions = (giftType: string, amount: number) =>
  queryOptions({
    queryKey: adminKeys.giftCodeList(giftType, amount),
    queryFn: () => listGiftCodes(giftType, amount),
  });

/** One gift type and amount's codes, masked. */
export const useGiftCodes = (giftType: string, amount: number) =>
  useQuery(listGiftCodesQueryOptions(giftType, amount));
