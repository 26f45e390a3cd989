import type { AdminAction, AdminAuditEntry } from '@quiz-points/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema.ts';

export interface AdminActionRecord {
  action: AdminAction;
  /** What the action was about: a user id, an ad id, a gift request id, a daily quiz's yyyymmdd. */
  targetId: string;
  reason: string | null;
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
  const rows = await db
    .select({ entry: adminAudit, email: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.actedBy))
    .where(and(eq(adminAudit.targetId, filter.targetId), inArray(adminAudit.action, filter.actions)))
    .orderBy(desc(adminAudit.actedAt), desc(adminAudit.id))
    .limit(limit);
  return rows.map(({ entry, email }) => ({
    id: entry.id,
    action: entry.action,
    reason: entry.reason,
    actedBy: email ?? entry.actedBy,
    actedAt: entry.actedAt.toISOString(),
  }));
}
