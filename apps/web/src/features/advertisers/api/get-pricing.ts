import type { PricingView } from '@quiz-points/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { advertiserKeys } from './query-keys.ts';

export const getPricing = () => apiFetch<PricingView>('/api/advertiser/pricing');

export const usePricing = () => useQuery({ queryKey: advertiserKeys.pricing, queryFn: getPricing });
