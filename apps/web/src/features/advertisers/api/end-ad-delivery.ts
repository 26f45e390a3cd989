import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const endAdDelivery = (adId: string) =>
  apiFetch<unknown>(`/api/advertiser/ads/${encodeURIComponent(adId)}/end`, { method: 'POST', body: {} });

export function useEndAdDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAdDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
