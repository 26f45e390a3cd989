import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { useRefreshPoints } from '../hooks/use-refresh-points.ts';
import { earningKeys } from './keys.ts';

export const answerDailyQuiz = (option: number) =>
  callApi<typeof api.earning.answerDailyQuiz>('POST /api/daily-quiz/answer', { body: { option } });

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
