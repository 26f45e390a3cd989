import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Records the setup the checkout returned with (?session_id=...). */
export const completeCardSetup = (sessionId: string) =>
  callApi<typeof api.billing.completeCardSetup>('POST /api/advertiser/card/complete', {
    body: { sessionId },
  });

export const useCompleteCardSetup = () => useRefreshingMutation(completeCardSetup, advertiserKeys.me);
