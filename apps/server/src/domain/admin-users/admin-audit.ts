import type { AdminAction, AdminAuditEntry } from '@quiz-points/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { adminAudit } from '../../db/schema.ts';
import { byEmail } from './by-email.ts';

export interface AdminActionRecord {
  action: AdminAction;
  /** What the action was about: a user id, an ad id, a gift request id, a daily quiz's yyyymmdd. */
  targetId: string;
  /** Why, for the actions taken for a reason (a suspension, a rejection); none by default. */
  reason?: string | null;
  details?: Record<string, unknown>;
  actedBy: string;
  actedAt: Date;
}

/** Audits an admin action, in the action's own transaction so one never happens unrecorded. */
export async function recordAdminAction(tx: Tx, record: AdminActionRecord) {
  await tx.insert(adminAudit).values(record);
}

/** Some admin actions about one target, newest first, naming who acted by e-mail. */
export async function listAdminActions(
  db: Executor,
  filter: { targetId: string; actions: readonly AdminAction[] },
  limit = 50,
): Promise<AdminAuditEntry[]> {
  const { id, action, reason, actedBy, actedAt } = adminAudit;
  const rows = await db
    .select({ id, action, reason, actedBy: byEmail(actedBy), actedAt })
    .from(adminAudit)
    .where(and(eq(adminAudit.targetId, filter.targetId), inArray(action, filter.actions)))
    .orderBy(desc(actedAt), desc(id))
    .limit(limit);
  return rows.map((row) => ({ ...row, actedAt: row.actedAt.toISOString() }));
}
