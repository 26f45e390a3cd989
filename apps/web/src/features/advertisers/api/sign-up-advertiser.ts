import type { AdvertiserSignUpBody } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const signUpAdvertiser = (body: AdvertiserSignUpBody) =>
  apiFetch<unknown>('/api/advertiser/sign-up', { method: 'POST', body });

export const useSignUpAdvertiser = () => useMutation({ mutationFn: signUpAdvertiser });
