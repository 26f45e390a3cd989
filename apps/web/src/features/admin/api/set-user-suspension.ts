import type { api, SuspensionBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

/** Suspends (signing the person out everywhere) or reinstates, with a reason kept in the audit. */
export const setUserSuspension = ({ userId, body }: { userId: string; body: SuspensionBody }) =>
  callApi<typeof api.admin.setSuspension>('POST /api/admin/users/:userId/suspension', {
    params: { userId },
    body,
  });

export function useSetUserSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserSuspension,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
