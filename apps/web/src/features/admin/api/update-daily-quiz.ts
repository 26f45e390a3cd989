import type { CreateDailyQuizBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

/** Edits a quiz nobody has answered yet (the server refuses otherwise); it may move to another day. */
export const updateDailyQuiz = ({ publishDate, body }: { publishDate: string; body: CreateDailyQuizBody }) =>
  apiFetch<{ publishDate: string }>(`/api/admin/daily-quizzes/${encodeURIComponent(publishDate)}`, {
    method: 'PUT',
    body,
  });

export function useUpdateDailyQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDailyQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.dailyQuizzes }),
  });
}
