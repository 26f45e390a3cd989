import type { api } from '@quiz-points/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** Records the setup the checkout returned with (?session_id=...). */
export const completeCardSetup = (sessionId: string) =>
  callApi<typeof api.billing.completeCardSetup>('POST /api/advertiser/card/complete', {
    body: { sessionId },
  });

export function useCompleteCardSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeCardSetup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.me }),
  });
}
