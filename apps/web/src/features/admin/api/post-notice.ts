import type { api, NoticeBody } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { adminKeys } from './query-keys.ts';

export const postNotice = (body: NoticeBody) =>
  callApi<typeof api.notices.postNotice>('POST /api/admin/notices', { body });

export const usePostNotice = () => useRefreshingMutation(postNotice, adminKeys.notices);
