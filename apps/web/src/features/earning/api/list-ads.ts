import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const listAds = () => callApi<typeof api.earning.listAds>('GET /api/ads');

export const adsQueryOptions = () => queryOptions({ queryKey: earningKeys.ads(), queryFn: listAds });

export const useAds = () => useQuery(adsQueryOptions());
