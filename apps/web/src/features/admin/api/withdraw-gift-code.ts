import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

/** Takes a code not yet issued out of stock. */
export const withdrawGiftCode = (codeId: number) =>
  callApi<typeof api.gifts.withdrawGiftCode>('POST /api/admin/gift-codes/:codeId/withdraw', {
    params: { codeId: String(codeId) },
  });

export const useWithdrawGiftCode = () => useRefreshingMutation(withdrawGiftCode, adminKeys.all);
