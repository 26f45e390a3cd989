import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export interface PendingAd {
  id: string;
  advertiser: string | null;
  adProvider: string;
  adTitle: string;
  adUrl: string;
  quizQuestion: string;
  quizOptions: string[];
  correctOptionIndex: number | null;
  userReward: number;
  unitPrice: number;
  maxDeliveries: number;
  targetGender: Record<string, boolean>;
  targetAgeRange: Record<string, boolean>;
  createdAt: string;
}

export const useAdminSummary = () =>
  useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: () => apiFetch<{ pendingAds: number; pendingGifts: number }>('/api/admin/summary'),
  });

export const usePendingAds = () =>
  useQuery({
    queryKey: ['admin', 'pending-ads'],
    queryFn: () => apiFetch<{ ads: PendingAd[] }>('/api/admin/ads/pending'),
  });

export function useReviewAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      apiFetch<{ mailed: boolean }>(`/api/admin/ads/${id}/${decision}`, {
        method: 'POST',
        body: decision === 'reject' ? { reason } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
