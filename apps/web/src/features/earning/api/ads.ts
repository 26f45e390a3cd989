import type { AdListItem, AdQuiz, AnswerResult } from '@quiz-points/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';

export const adsQueryKey = ['ads'] as const;

export const useAds = () =>
  useQuery({ queryKey: adsQueryKey, queryFn: () => apiFetch<{ ads: AdListItem[] }>('/api/ads') });

export const clickAd = (adId: string) =>
  apiFetch<{ clickedAt: string; waitSeconds: number }>(`/api/ads/${adId}/click`, {
    method: 'POST',
    body: {},
  });

export const useAdQuiz = (adId: string) =>
  useQuery({
    queryKey: ['ad-quiz', adId],
    queryFn: () => apiFetch<AdQuiz>(`/api/ads/${adId}/quiz`),
    retry: false,
  });

export function useAnswerAdQuiz(adId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: number) =>
      apiFetch<AnswerResult>(`/api/ads/${adId}/answer`, { method: 'POST', body: { option } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: adsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['point-history'] });
    },
  });
}
