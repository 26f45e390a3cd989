import type { api } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const claimGacha = () => callApi<typeof api.earning.claimDailyGacha>('POST /api/gacha/claim');

/** The passbook is refreshed at once; the balance once the roll is over (gacha.tsx). */
export function useClaimGacha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimGacha,
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningKeys.history() }),
  });
}
