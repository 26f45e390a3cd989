import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listPendingAds = () => callApi<typeof api.admin.listPendingAds>('GET /api/admin/ads/pending');

export const listPendingAdsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.pendingAds, queryFn: listPendingAds });

/** The ads waiting for review, oldest first. */
export const usePendingAds = () => useQuery(listPendingAdsQueryOptions());
