import type { api } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const endAdDelivery = (adId: string) =>
  callApi<typeof api.advertisers.endAd>('POST /api/advertiser/ads/:adId/end', { params: { adId } });

export function useEndAdDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAdDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
