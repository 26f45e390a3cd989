import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const resetPassword = (body: { token: string; password: string }) =>
  callApi<typeof api.advertisers.resetPassword>('POST /api/advertiser/password-reset/confirm', { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
