import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { noticeKeys } from './keys.ts';

export const markNoticeRead = (noticeId: string) =>
  callApi<typeof api.notices.markNoticeRead>('POST /api/notices/:noticeId/read', { params: { noticeId } });

/** Refreshes the notices afterwards, so the home card drops the one just read. */
export const useMarkNoticeRead = () => useRefreshingMutation(markNoticeRead, noticeKeys.all());
