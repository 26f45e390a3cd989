import type { DailyQuizToday } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

export const getTodaysQuiz = () => apiFetch<DailyQuizToday>('/api/daily-quiz/today');

export const todaysQuizQueryOptions = () =>
  queryOptions({ queryKey: earningKeys.dailyQuiz(), queryFn: getTodaysQuiz, retry: false });

export const useTodaysQuiz = () => useQuery(todaysQuizQueryOptions());
