import type { AdListPage, AdQuiz, api } from '@quiz-points/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { useRefreshPoints } from '../hooks/use-refresh-points.ts';
import { earningKeys } from './keys.ts';

export const answerAdQuiz = ({ adId, option }: { adId: string; option: number }) =>
  callApi<typeof api.earning.answerAdQuiz>('POST /api/ads/:adId/answer', {
    params: { adId },
    body: { option },
  });

/**
 * Answers the ad's quiz. The quiz is then answered in the cache too, so that coming back to its page
 * (Back, Forward) says 回答済み at once instead of offering the question again.
 */
export function useAnswerAdQuiz(adId: string) {
  const refreshPoints = useRefreshPoints();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: number) => answerAdQuiz({ adId, option }),
    onSuccess: () => {
      queryClient.setQueryData<AdQuiz>(
        earningKeys.adQuiz(adId),
        (quiz) => quiz && { ...quiz, answered: true },
      );
      refreshPoints(earningKeys.ads());
    },
  });
}

/** The first ad still to answer in the loaded list, other than `adId`; null when there is none. */
export function useNextAd(adId: string) {
  const queryClient = useQueryClient();
  const pages = queryClient.getQueryData<InfiniteData<AdListPage>>(earningKeys.availableAds());
  return pages?.pages.flatMap((page) => page.ads).find((ad) => ad.id !== adId && !ad.answered) ?? null;
}
