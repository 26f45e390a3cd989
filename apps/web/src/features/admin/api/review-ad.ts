import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
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

export const useReviewAd = () => useRefreshingMutation(reviewAd, adminKeys.all);
