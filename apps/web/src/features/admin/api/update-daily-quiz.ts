import type { api, CreateDailyQuizBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

/** Edits a quiz nobody has answered yet (the server refuses otherwise); it may move to another day. */
export const updateDailyQuiz = ({ publishDate, body }: { publishDate: string; body: CreateDailyQuizBody }) =>
  callApi<typeof api.admin.updateDailyQuiz>('PUT /api/admin/daily-quizzes/:publishDate', {
    params: { publishDate },
    body,
  });

export function useUpdateDailyQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDailyQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.dailyQuizzes }),
  });
}
