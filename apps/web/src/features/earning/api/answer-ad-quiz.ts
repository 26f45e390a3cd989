import type { AnswerResult } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { useRefreshPoints } from '../hooks/use-refresh-points.ts';
import { earningKeys } from './keys.ts';

export const answerAdQuiz = ({ adId, option }: { adId: string; option: number }) =>
  apiFetch<AnswerResult>(`/api/ads/${adId}/answer`, { method: 'POST', body: { option } });

export function useAnswerAdQuiz(adId: string) {
  const refreshPoints = useRefreshPoints();
  return useMutation({
    mutationFn: (option: number) => answerAdQuiz({ adId, option }),
    onSuccess: () => refreshPoints(earningKeys.ads()),
  });
}
