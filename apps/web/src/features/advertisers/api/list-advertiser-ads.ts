import type { AdvertiserAd } from '@quiz-points/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const listAdvertiserAds = () => apiFetch<{ ads: AdvertiserAd[] }>('/api/advertiser/ads');

/** The advertiser's own ads, newest first. */
export const useAdvertiserAds = () => useQuery({ queryKey: advertiserKeys.ads, queryFn: listAdvertiserAds });
