import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

/** Charges the failed invoice again (never twice); answers whether it was paid this time. */
export const retryFailedCharge = (invoiceId: string) =>
  callApi<typeof api.paymentFailures.retryFailedCharge>('POST /api/admin/failed-charges/:invoiceId/retry', {
    params: { invoiceId },
  }).then((data) => data.result);

export const useRetryFailedCharge = () => useRefreshingMutation(retryFailedCharge, adminKeys.failedCharges);
