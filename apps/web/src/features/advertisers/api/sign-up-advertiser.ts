import type { AdvertiserSignUpBody, api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const signUpAdvertiser = (body: AdvertiserSignUpBody) =>
  callApi<typeof api.advertisers.signUpAdvertiser>('POST /api/advertiser/sign-up', { body });

export const useSignUpAdvertiser = () => useMutation({ mutationFn: signUpAdvertiser });
