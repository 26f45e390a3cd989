import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listFailedCharges = () =>
  callApi<typeof api.paymentFailures.listFailedCharges>('GET /api/admin/failed-charges');

export const listFailedChargesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.failedCharges, queryFn: listFailedCharges });

/** Every invoice whose card charge failed, oldest failure first. */
export const useFailedCharges = () => useQuery(listFailedChargesQueryOptions());
