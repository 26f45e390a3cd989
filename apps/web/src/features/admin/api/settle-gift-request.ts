import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
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
  apiFetch<{ ok: true }>(`/api/admin/gift-requests/${encodeURIComponent(requestId)}/${settlement.kind}`, {
    method: 'POST',
    body: settlement.kind === 'issue' ? { giftCode: settlement.giftCode } : { reason: settlement.reason },
  });

export function useSettleGiftRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleGiftRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.giftRequests }),
  });
}
