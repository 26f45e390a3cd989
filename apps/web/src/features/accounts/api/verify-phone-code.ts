import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useMutationRefreshingMe } from '../../auth/index.ts';

export const verifyPhoneCode = (body: { code: string }) =>
  callApi<typeof api.accounts.verifyPhoneCode>('POST /api/phone/verify', { body });

export const useVerifyPhoneCode = () => useMutationRefreshingMe(verifyPhoneCode);
