import type { SignupBody, SignupResult } from '@quiz-points/shared';
import { apiFetch } from '../../../lib/api.ts';
import { useMutationRefreshingMe } from '../../auth/index.ts';

export const completeSignup = (body: SignupBody) =>
  apiFetch<SignupResult>('/api/signup', { method: 'POST', body });

export const useCompleteSignup = () => useMutationRefreshingMe(completeSignup);
