import type { api, SuspensionBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

/** Suspends (signing the person out everywhere) or reinstates, with a reason kept in the audit. */
export const setUserSuspension = ({ userId, body }: { userId: string; body: SuspensionBody }) =>
  callApi<typeof api.admin.setSuspension>('POST /api/admin/users/:userId/suspension', {
    params: { userId },
    body,
  });

export const useSetUserSuspension = () => useRefreshingMutation(setUserSuspension, adminKeys.users);
