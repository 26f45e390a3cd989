import type { AdInputBody, AdvertiserAd } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const createAd = (body: AdInputBody) =>
  apiFetch<{ ad: AdvertiserAd; mailed: boolean }>('/api/advertiser/ads', { method: 'POST', body });

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
