import type { AdvertiserSignInBody, api } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { authKeys } from '../../auth/index.ts';
import { advertiserKeys } from './query-keys.ts';

export const signInAdvertiser = (body: AdvertiserSignInBody) =>
  callApi<typeof api.advertisers.signInAdvertiser>('POST /api/advertiser/sign-in', { body });

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
