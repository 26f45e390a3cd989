import { api } from '@quiz-points/shared';
import { listAdminNotices } from '../../domain/notices/list-admin-notices.ts';
import { listNotices } from '../../domain/notices/list-notices.ts';
import { markNoticeRead } from '../../domain/notices/mark-notice-read.ts';
import { postNotice } from '../../domain/notices/post-notice.ts';
import { updateNotice } from '../../domain/notices/update-notice.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** お知らせ: members read them, the admin posts and edits them. */
export function noticeRoutes({ database: { db } }: RouteDeps) {
  return [
    defineRoute(api.notices.listNotices, async ({ viewer }) => listNotices({ db, userId: viewer.id })),
    defineRoute(api.notices.markNoticeRead, async ({ viewer, params }) => {
      await markNoticeRead({ db, userId: viewer.id, ...params });
      return { ok: true as const };
    }),
    defineRoute(api.notices.listAdminNotices, async ({ reader }) => ({
      notices: await listAdminNotices({ db: reader }),
    })),
    defineRoute(api.notices.postNotice, async ({ viewer, body }) =>
      postNotice({ db, adminId: viewer.id, input: body }),
    ),
    defineRoute(api.notices.updateNotice, async ({ viewer, params, body }) =>
      updateNotice({ db, adminId: viewer.id, ...params, input: body }),
    ),
  ];
}
