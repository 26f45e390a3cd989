import type { api, CreateDailyQuizBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

export const createDailyQuiz = (body: CreateDailyQuizBody) =>
  callApi<typeof api.admin.createDailyQuiz>('POST /api/admin/daily-quizzes', { body });

export const useCreateDailyQuiz = () => useRefreshingMutation(createDailyQuiz, adminKeys.dailyQuizzes);
