import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { advertiserKeys } from './query-keys.ts';

/** Records the setup the checkout returned with (?session_id=...). */
export const completeCardSetup = (sessionId: string) =>
  callApi<typeof api.billing.completeCardSetup>('POST /api/advertiser/card/complete', {
    body: { sessionId },
  });

/** A new card also pays any failed invoice (and resumes the ads): everything of the advertiser's is refreshed. */
export const useCompleteCardSetup = () => useRefreshingMutation(completeCardSetup, advertiserKeys.all);
