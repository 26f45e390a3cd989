import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const resetPassword = (body: { token: string; password: string }) =>
  apiFetch<unknown>('/api/advertiser/password-reset/confirm', { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
