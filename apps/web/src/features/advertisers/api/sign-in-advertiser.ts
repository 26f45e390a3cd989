import type { AdvertiserMe, AdvertiserSignInBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { authKeys } from '../../auth/index.ts';
import { advertiserKeys } from './query-keys.ts';

export const signInAdvertiser = (body: AdvertiserSignInBody) =>
  apiFetch<{ advertiser: AdvertiserMe }>('/api/advertiser/sign-in', { method: 'POST', body });

export function useSignInAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInAdvertiser,
    onSuccess: async ({ advertiser }) => {
      queryClient.removeQueries({ queryKey: advertiserKeys.all });
      queryClient.setQueryData(advertiserKeys.me, advertiser);
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
