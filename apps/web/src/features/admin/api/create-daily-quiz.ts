import type { CreateDailyQuizBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const createDailyQuiz = (body: CreateDailyQuizBody) =>
  apiFetch<{ publishDate: string }>('/api/admin/daily-quizzes', { method: 'POST', body });

export function useCreateDailyQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDailyQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.dailyQuizzes }),
  });
}
