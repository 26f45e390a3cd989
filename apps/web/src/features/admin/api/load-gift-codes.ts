import type { api, LoadGiftCodesBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

/** Loads a CSV of codes for one gift type and amount: all of them, or none. */
export const loadGiftCodes = (body: LoadGiftCodesBody) =>
  callApi<typeof api.gifts.loadGiftCodes>('POST /api/admin/gift-codes', { body });

export const useLoadGiftCodes = () => useRefreshingMutation(loadGiftCodes, adminKeys.all);
