import type { PhoneVerifyResult } from '@quiz-points/shared';
import { apiFetch } from '../../../lib/api.ts';
import { useMutationRefreshingMe } from '../../auth/index.ts';

export const verifyPhoneCode = (body: { code: string }) =>
  apiFetch<PhoneVerifyResult>('/api/phone/verify', { method: 'POST', body });

export const useVerifyPhoneCode = () => useMutationRefreshingMe(verifyPhoneCode);
