import type { AdminDailyQuiz } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listDailyQuizzes = () => apiFetch<{ quizzes: AdminDailyQuiz[] }>('/api/admin/daily-quizzes');

export const listDailyQuizzesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.dailyQuizzes, queryFn: listDailyQuizzes });

export const useDailyQuizzes = () => useQuery(listDailyQuizzesQueryOptions());
