import type { AdListResponse } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const listAds = () => apiFetch<AdListResponse>('/api/ads');

export const adsQueryOptions = () => queryOptions({ queryKey: earningKeys.ads(), queryFn: listAds });

export const useAds = () => useQuery(adsQueryOptions());
