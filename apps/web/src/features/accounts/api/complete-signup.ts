import type { api, SignupBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useMutationRefreshingMe } from '../../auth/index.ts';

export const completeSignup = (body: SignupBody) =>
  callApi<typeof api.accounts.completeSignup>('POST /api/signup', { body });

export const useCompleteSignup = () => useMutationRefreshingMe(completeSignup);
