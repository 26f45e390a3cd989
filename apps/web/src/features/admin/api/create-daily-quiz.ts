import type { api, CreateDailyQuizBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const createDailyQuiz = (body: CreateDailyQuizBody) =>
  callApi<typeof api.admin.createDailyQuiz>('POST /api/admin/daily-quizzes', { body });

export function useCreateDailyQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDailyQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.dailyQuizzes }),
  });
}
