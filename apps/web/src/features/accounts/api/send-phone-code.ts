import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export const sendPhoneCode = (body: { phoneNumber: string }) =>
  apiFetch<{ ok: true }>('/api/phone/send-code', { method: 'POST', body });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
