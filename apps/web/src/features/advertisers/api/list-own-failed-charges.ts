import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const listOwnFailedCharges = () =>
  callApi<typeof api.paymentFailures.listOwnFailedCharges>('GET /api/advertiser/billing/failed-charges').then(
    (data) => data.failedCharges,
  );

export const listOwnFailedChargesQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: advertiserKeys.failedCharges, queryFn: listOwnFailedCharges, enabled });

/** The advertiser's invoices whose card charge failed (their ads are held until paid). */
export const useOwnFailedCharges = (enabled = true) => useQuery(listOwnFailedChargesQueryOptions(enabled));
