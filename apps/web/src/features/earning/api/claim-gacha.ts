import type { GachaClaimResult } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const claimGacha = () => apiFetch<GachaClaimResult>('/api/gacha/claim', { method: 'POST', body: {} });

/** The passbook is refreshed at once; the balance once the roll is over (gacha.tsx). */
export function useClaimGacha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimGacha,
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningKeys.history() }),
  });
}
