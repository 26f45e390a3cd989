import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const requestPasswordReset = (body: { email: string }) =>
  apiFetch<unknown>('/api/advertiser/password-reset', { method: 'POST', body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
