import type { NoticeBody } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { notices } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { auditedNotice } from './audited-notice.ts';

/** The admin posts a notice; it and its audit row (admin_audit) are written in one transaction. */
export async function postNotice({
  db,
  adminId,
  input,
  now = new Date(),
}: {
  db: Database;
  adminId: string;
  input: NoticeBody;
  now?: Date;
}) {
  return db.transaction(async (tx) => {
    const [notice] = await tx
      .insert(notices)
      .values({ ...input, postedBy: adminId, createdAt: now, updatedAt: now })
      .returning({ id: notices.id });
    if (!notice) throw new Error('the notice was not inserted');
    await recordAdminAction(tx, {
      action: 'post_notice',
      targetId: notice.id,
      details: auditedNotice(input),
      actedBy: adminId,
      actedAt: now,
    });
    return { id: notice.id };
  });
}
