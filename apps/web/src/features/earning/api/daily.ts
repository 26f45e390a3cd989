import type { AnswerResult, DailyQuizToday, PointHistoryEntry } from '@quiz-points/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';

export const todaysQuizQueryKey = ['daily-quiz', 'today'] as const;

export const useTodaysQuiz = () =>
  useQuery({
    queryKey: todaysQuizQueryKey,
    queryFn: () => apiFetch<DailyQuizToday>('/api/daily-quiz/today'),
    retry: false,
  });

export function useAnswerDailyQuiz(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: number) =>
      apiFetch<AnswerResult>('/api/daily-quiz/answer', { method: 'POST', body: { option } }),
    onSuccess: () => {
      options.onSuccess?.();
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: todaysQuizQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['point-history'] });
    },
  });
}

export function useClaimGacha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ success: true; reward: number }>('/api/gacha/claim', { method: 'POST', body: {} }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['point-history'] });
    },
  });
}

/** The passbook, refreshed every few seconds so new points appear without reloading. */
export const usePointHistory = () =>
  useQuery({
    queryKey: ['point-history'],
    queryFn: () => apiFetch<{ entries: PointHistoryEntry[] }>('/api/points/history'),
    refetchInterval: 5000,
  });
