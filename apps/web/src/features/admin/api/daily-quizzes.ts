import type { AdminDailyQuiz, CreateDailyQuizBody } from '@quiz-points/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const useAdminDailyQuizzes = () =>
  useQuery({
    queryKey: ['admin', 'daily-quizzes'],
    queryFn: () => apiFetch<{ quizzes: AdminDailyQuiz[] }>('/api/admin/daily-quizzes'),
  });

export function useCreateDailyQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDailyQuizBody) =>
      apiFetch<{ publishDate: string }>('/api/admin/daily-quizzes', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'daily-quizzes'] }),
  });
}

export function useUpdateDailyQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publishDate, body }: { publishDate: string; body: CreateDailyQuizBody }) =>
      apiFetch<{ publishDate: string }>(`/api/admin/daily-quizzes/${publishDate}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'daily-quizzes'] }),
  });
}
