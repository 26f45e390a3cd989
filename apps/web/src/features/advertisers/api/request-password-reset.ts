import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const requestPasswordReset = (body: { email: string }) =>
  callApi<typeof api.advertisers.requestPasswordReset>('POST /api/advertiser/password-reset', { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
