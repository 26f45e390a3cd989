import type { api, SuspensionBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

/** Suspends an advertiser (every ad held, signed out everywhere) or lifts it, with a reason kept in the audit. */
export const setAdvertiserSuspension = ({ userId, body }: { userId: string; body: SuspensionBody }) =>
  callApi<typeof api.admin.setAdvertiserSuspension>('POST /api/admin/advertisers/:userId/suspension', {
    params: { userId },
    body,
  });

export const useSetAdvertiserSuspension = () =>
  useRefreshingMutation(setAdvertiserSuspension, adminKeys.advertisers);
