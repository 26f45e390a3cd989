import { type AdListPage, type api, messages } from '@quiz-points/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const clickAd = (adId: string) =>
  callApi<typeof api.earning.clickAd>('POST /api/ads/:adId/click', { params: { adId } });

/**
 * Records the click that starts an ad's wait, and marks the ad opened in the list. SPEC §4: a
 * refused click takes the ad out of the list (but not "already waiting", which is about another ad);
 * the list names it and says why at its top (ad-list.tsx).
 */
export function useClickAd() {
  const queryClient = useQueryClient();
  const updateAds = (update: (ads: AdListPage['ads']) => AdListPage['ads']) =>
    queryClient.setQueryData<InfiniteData<AdListPage>>(earningKeys.availableAds(), (current) =>
      current
        ? { ...current, pages: current.pages.map((page) => ({ ...page, ads: update(page.ads) })) }
        : current,
    );
  return useMutation({
    mutationFn: clickAd,
    onSuccess: ({ clickedAt }, adId) =>
      updateAds((ads) => ads.map((item) => (item.id === adId ? { ...item, clickedAt } : item))),
    onError: (failure, adId) => {
      if (failure instanceof ApiError && failure.message === messages.alreadyWaiting) return;
      updateAds((ads) => ads.filter((item) => item.id !== adId));
    },
  });
}
