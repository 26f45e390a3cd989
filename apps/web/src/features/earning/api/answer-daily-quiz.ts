import type { AnswerResult } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { useRefreshPoints } from '../hooks/use-refresh-points.ts';
import { earningKeys } from './keys.ts';

export const answerDailyQuiz = (option: number) =>
  apiFetch<AnswerResult>('/api/daily-quiz/answer', { method: 'POST', body: { option } });

export function useAnswerDailyQuiz(options: { onSuccess?: () => void } = {}) {
  const refreshPoints = useRefreshPoints();
  return useMutation({
    mutationFn: answerDailyQuiz,
    onSuccess: () => {
      options.onSuccess?.();
      refreshPoints(earningKeys.dailyQuiz());
    },
  });
}
