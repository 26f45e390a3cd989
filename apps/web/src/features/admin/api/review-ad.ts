import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export type ReviewDecision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/** Approves or rejects a pending ad; `mailed` says whether the advertiser's mail went out. */
export const reviewAd = ({ adId, decision }: { adId: string; decision: ReviewDecision }) =>
  apiFetch<{ mailed: boolean }>(`/api/admin/ads/${encodeURIComponent(adId)}/${decision.kind}`, {
    method: 'POST',
    body: decision.kind === 'reject' ? { reason: decision.reason } : {},
  });

export function useReviewAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAd,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
