import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

/** Records the setup the checkout returned with (?session_id=...). */
export const completeCardSetup = (sessionId: string) =>
  apiFetch<unknown>('/api/advertiser/card/complete', { method: 'POST', body: { sessionId } });

export function useCompleteCardSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeCardSetup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.me }),
  });
}
