import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { adminKeys } from './query-keys.ts';

export const listDailyQuizzes = () =>
  callApi<typeof api.admin.listDailyQuizzes>('GET /api/admin/daily-quizzes');

export const listDailyQuizzesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.dailyQuizzes, queryFn: listDailyQuizzes });

export const useDailyQuizzes = () => useQuery(listDailyQuizzesQueryOptions());
