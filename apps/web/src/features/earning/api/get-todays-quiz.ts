import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const getTodaysQuiz = () =>
  callApi<typeof api.earning.getTodaysDailyQuiz>('GET /api/daily-quiz/today');

export const todaysQuizQueryOptions = () =>
  queryOptions({ queryKey: earningKeys.dailyQuiz(), queryFn: getTodaysQuiz, retry: false });

export const useTodaysQuiz = () => useQuery(todaysQuizQueryOptions());
