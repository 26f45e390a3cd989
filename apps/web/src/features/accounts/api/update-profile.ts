import type { ProfileUpdateBody } from '@quiz-points/shared';
import { apiFetch } from '../../../lib/api.ts';
import { useMutationRefreshingMe } from '../../auth/index.ts';

export const updateProfile = (body: ProfileUpdateBody) =>
  apiFetch<{ ok: true }>('/api/account', { method: 'PUT', body });

export const useUpdateProfile = () => useMutationRefreshingMe(updateProfile);
