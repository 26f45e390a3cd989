import type { api, CreateDailyQuizBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

/** Edits a quiz nobody has answered yet (the server refuses otherwise); it may move to another day. */
export const updateDailyQuiz = ({ publishDate, body }: { publishDate: string; body: CreateDailyQuizBody }) =>
  callApi<typeof api.admin.updateDailyQuiz>('PUT /api/admin/daily-quizzes/:publishDate', {
    params: { publishDate },
    body,
  });

export const useUpdateDailyQuiz = () => useRefreshingMutation(updateDailyQuiz, adminKeys.dailyQuizzes);
