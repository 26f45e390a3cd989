import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const getAdQuiz = (adId: string) =>
  callApi<typeof api.earning.getAdQuiz>('GET /api/ads/:adId/quiz', { params: { adId } });

export const adQuizQueryOptions = (adId: string) =>
  queryOptions({ queryKey: earningKeys.adQuiz(adId), queryFn: () => getAdQuiz(adId), retry: false });

export const useAdQuiz = (adId: string) => useQuery(adQuizQueryOptions(adId));
