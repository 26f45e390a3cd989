import type { AdInputBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** Edits a rejected ad and resubmits it for review. */
export const updateAd = ({ adId, body }: { adId: string; body: AdInputBody }) =>
  apiFetch<unknown>(`/api/advertiser/ads/${encodeURIComponent(adId)}`, { method: 'PUT', body });

export function useUpdateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
