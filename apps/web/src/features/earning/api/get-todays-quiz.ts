import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api.ts';
import { earningKeys } from './keys.ts';

/**
 * Today's daily quiz, or null on a day without one (the server's 404): an answer like any other, so
 * the server's drawing of home sends it too, and home draws the same without a button.
 */
export const getTodaysQuiz = () =>
  callApi<typeof api.earning.getTodaysDailyQuiz>('GET /api/daily-quiz/today').catch((failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 404) return null;
    throw failure;
  });

export const todaysQuizQueryOptions = () =>
  queryOptions({ queryKey: earningKeys.dailyQuiz(), queryFn: getTodaysQuiz, retry: false });

export const useTodaysQuiz = () => useQuery(todaysQuizQueryOptions());
