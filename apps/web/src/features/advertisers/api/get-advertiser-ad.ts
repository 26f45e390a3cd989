import type { AdvertiserAdDetail } from '@quiz-points/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getAdvertiserAd = (adId: string) =>
  apiFetch<{ ad: AdvertiserAdDetail }>(`/api/advertiser/ads/${encodeURIComponent(adId)}`).then(
    (data) => data.ad,
  );

export const useAdvertiserAd = (adId: string) =>
  useQuery({ queryKey: advertiserKeys.ad(adId), queryFn: () => getAdvertiserAd(adId) });
