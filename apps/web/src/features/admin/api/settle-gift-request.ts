import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

export type GiftSettlement = { kind: 'issue'; giftCode: string } | { kind: 'reject'; reason: string };

/** Issues the gift code, or rejects the request (the points go back); the person is mailed. */
export const settleGiftRequest = ({
  requestId,
  settlement,
}: {
  requestId: string;
  settlement: GiftSettlement;
}) =>
  settlement.kind === 'issue'
    ? callApi<typeof api.gifts.issueGift>('POST /api/admin/gift-requests/:requestId/issue', {
        params: { requestId },
        body: { giftCode: settlement.giftCode },
      })
    : callApi<typeof api.gifts.rejectGift>('POST /api/admin/gift-requests/:requestId/reject', {
        params: { requestId },
        body: { reason: settlement.reason },
      });

export const useSettleGiftRequest = () => useRefreshingMutation(settleGiftRequest, adminKeys.giftRequests);
