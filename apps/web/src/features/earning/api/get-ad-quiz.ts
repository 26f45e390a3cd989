import type { AdQuiz } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const getAdQuiz = (adId: string) => apiFetch<AdQuiz>(`/api/ads/${adId}/quiz`);

export const adQuizQueryOptions = (adId: string) =>
  queryOptions({ queryKey: earningKeys.adQuiz(adId), queryFn: () => getAdQuiz(adId), retry: false });

export const useAdQuiz = (adId: string) => useQuery(adQuizQueryOptions(adId));
