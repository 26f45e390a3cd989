import type { ProfileUpdateBody, SignupBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';

export const completeSignup = (body: SignupBody) =>
  apiFetch<{ bonus: number; alreadyCompleted: boolean }>('/api/signup', { method: 'POST', body });

export const updateProfile = (body: ProfileUpdateBody) =>
  apiFetch<{ ok: true }>('/api/account', { method: 'PUT', body });

export function useCompleteSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSignup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
