import { DomainError, messages, type NoticeBody } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lockRow } from '../../db/lock-row.ts';
import { notices } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { auditedNotice } from './audited-notice.ts';

/**
 * The admin edits a notice's text or window. Who has read it stays read: an edit corrects a notice,
 * it does not post a new one. The row is locked while it changes, so the audit row (admin_audit,
 * same transaction) records the title and window it had just before, and two edits never lose one.
 */
export async function updateNotice({
  db,
  adminId,
  noticeId,
  input,
  now = new Date(),
}: {
  db: Database;
  adminId: string;
  noticeId: string;
  input: NoticeBody;
  now?: Date;
}) {
  const thisNotice = eq(notices.id, noticeId);
  return db.transaction(async (tx) => {
    const before = await lockRow(tx, notices, thisNotice, {
      title: notices.title,
      startsOn: notices.startsOn,
      endsOn: notices.endsOn,
    });
    if (!before) throw new DomainError('NOT_FOUND', messages.noticeNotFound);
    await tx
      .update(notices)
      .set({ ...input, updatedAt: now })
      .where(thisNotice);
    await recordAdminAction(tx, {
      action: 'update_notice',
      targetId: noticeId,
      details: { before, after: auditedNotice(input) },
      actedBy: adminId,
      actedAt: now,
    });
    return { id: noticeId };
  });
}
