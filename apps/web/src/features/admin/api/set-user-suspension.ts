import type { SuspensionBody } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

/** Suspends (signing the person out everywhere) or reinstates, with a reason kept in the audit. */
export const setUserSuspension = ({ userId, body }: { userId: string; body: SuspensionBody }) =>
  apiFetch<{ suspended: boolean; signedOut: number }>(
    `/api/admin/users/${encodeURIComponent(userId)}/suspension`,
    { method: 'POST', body },
  );

export function useSetUserSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserSuspension,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
