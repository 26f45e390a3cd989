import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listGiftCodeStock = () =>
  callApi<typeof api.gifts.listGiftCodeStock>('GET /api/admin/gift-codes/stock');

export const listGiftCodeStockQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.giftCodeStock, queryFn: listGiftCodeStock });

/** The inventory's counts per gift type and amount. */
export const useGiftCodeStock = () => useQuery(listGiftCodeStockQueryOptions());
