import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { useRefreshPoints } from '../hooks/use-refresh-points.ts';
import { earningKeys } from './keys.ts';

export const answerAdQuiz = ({ adId, option }: { adId: string; option: number }) =>
  callApi<typeof api.earning.answerAdQuiz>('POST /api/ads/:adId/answer', {
    params: { adId },
    body: { option },
  });

export function useAnswerAdQuiz(adId: string) {
  const refreshPoints = useRefreshPoints();
  return useMutation({
    mutationFn: (option: number) => answerAdQuiz({ adId, option }),
    onSuccess: () => refreshPoints(earningKeys.ads()),
  });
}
