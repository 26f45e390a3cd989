import type { api } from '@quiz-points/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { noticeKeys } from './keys.ts';

export const listNotices = () => callApi<typeof api.notices.listNotices>('GET /api/notices');

export const noticesQueryOptions = () => queryOptions({ queryKey: noticeKeys.all(), queryFn: listNotices });

/** Today's notices and the ended ones, each with whether the member has read it. */
export const useNotices = () => useQuery(noticesQueryOptions());
