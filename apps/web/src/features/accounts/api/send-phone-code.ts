import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const sendPhoneCode = (body: { phoneNumber: string }) =>
  callApi<typeof api.accounts.sendPhoneCode>('POST /api/phone/send-code', { body });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
