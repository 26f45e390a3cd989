import type { AdInputBody, api } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const createAd = (body: AdInputBody) =>
  callApi<typeof api.advertisers.submitAd>('POST /api/advertiser/ads', { body });

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.ads }),
  });
}
