import type { api, RaiseLimitBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const raiseAdLimit = ({ adId, body }: { adId: string; body: RaiseLimitBody }) =>
  callApi<typeof api.advertisers.raiseAdLimit>('POST /api/advertiser/ads/:adId/limit', {
    params: { adId },
    body,
  });

export function useRaiseAdLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: raiseAdLimit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
