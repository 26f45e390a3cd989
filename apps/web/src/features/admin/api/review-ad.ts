import type { api } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export type ReviewDecision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/** Approves or rejects a pending ad; `mailed` says whether the advertiser's mail went out. */
export const reviewAd = ({ adId, decision }: { adId: string; decision: ReviewDecision }) =>
  decision.kind === 'approve'
    ? callApi<typeof api.admin.approveAd>('POST /api/admin/ads/:adId/approve', { params: { adId } })
    : callApi<typeof api.admin.rejectAd>('POST /api/admin/ads/:adId/reject', {
        params: { adId },
        body: { reason: decision.reason },
      });

export function useReviewAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAd,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
