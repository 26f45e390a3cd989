import type { AdInputBody, api } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** Edits a rejected ad and resubmits it for review. */
export const updateAd = ({ adId, body }: { adId: string; body: AdInputBody }) =>
  callApi<typeof api.advertisers.resubmitAd>('PUT /api/advertiser/ads/:adId', { params: { adId }, body });

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
