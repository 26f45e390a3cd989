import type { AdvertiserAdDetail } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getAdvertiserAd = (adId: string) =>
  apiFetch<{ ad: AdvertiserAdDetail }>(`/api/advertiser/ads/${encodeURIComponent(adId)}`).then(
    (data) => data.ad,
  );

export const getAdvertiserAdQueryOptions = (adId: string) =>
  queryOptions({ queryKey: advertiserKeys.ad(adId), queryFn: () => getAdvertiserAd(adId) });

export const useAdvertiserAd = (adId: string) => useQuery(getAdvertiserAdQueryOptions(adId));
