import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { useSignOut } from '../../auth/index.ts';

export const withdrawAccount = () => callApi<typeof api.accounts.withdraw>('POST /api/withdrawal');

/** SPEC §4 Withdrawal: the server ends the account and its session; the browser then signs out. */
export function useWithdrawAccount() {
  const signOut = useSignOut();
  return useMutation({
    mutationFn: withdrawAccount,
    onSuccess: () =>
      signOut({
        sessionEnded: true,
        state: { notice: '退会手続きが完了しました。ご利用ありがとうございました。' },
      }),
  });
}
