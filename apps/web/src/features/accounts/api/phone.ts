import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';

export const sendPhoneCode = (phoneNumber: string) =>
  apiFetch<{ ok: true }>('/api/phone/send-code', { method: 'POST', body: { phoneNumber } });

export const verifyPhoneCode = (code: string) =>
  apiFetch<{ kind: 'verified' | 'already-verified'; referralGranted?: boolean }>('/api/phone/verify', {
    method: 'POST',
    body: { code },
  });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });

export function useVerifyPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
