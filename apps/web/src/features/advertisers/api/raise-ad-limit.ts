import type { RaiseLimitBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const raiseAdLimit = ({ adId, body }: { adId: string; body: RaiseLimitBody }) =>
  apiFetch<unknown>(`/api/advertiser/ads/${encodeURIComponent(adId)}/limit`, { method: 'POST', body });

export function useRaiseAdLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: raiseAdLimit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
