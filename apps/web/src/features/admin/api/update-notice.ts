import type { api, NoticeBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

/** Changes a notice's text or window; those who read it keep it read. */
export const updateNotice = ({ noticeId, body }: { noticeId: string; body: NoticeBody }) =>
  callApi<typeof api.notices.updateNotice>('PUT /api/admin/notices/:noticeId', {
    params: { noticeId },
    body,
  });

export const useUpdateNotice = () => useRefreshingMutation(updateNotice, adminKeys.notices);
