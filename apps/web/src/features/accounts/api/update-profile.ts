import type { api, ProfileUpdateBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useMutationRefreshingMe } from '../../auth/index.ts';

export const updateProfile = (body: ProfileUpdateBody) =>
  callApi<typeof api.accounts.updateProfile>('PUT /api/account', { body });

export const useUpdateProfile = () => useMutationRefreshingMe(updateProfile);
