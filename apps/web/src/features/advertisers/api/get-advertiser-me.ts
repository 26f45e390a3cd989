import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getAdvertiserMe = () =>
  callApi<typeof api.advertisers.getAdvertiserMe>('GET /api/advertiser/me').then((data) => data.advertiser);

export const getAdvertiserMeQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: advertiserKeys.me, queryFn: getAdvertiserMe, enabled });

/** The signed-in advertiser with the card status; ask only once /api/me says the role is advertiser. */
export const useAdvertiserMe = (enabled = true) => useQuery(getAdvertiserMeQueryOptions(enabled));
