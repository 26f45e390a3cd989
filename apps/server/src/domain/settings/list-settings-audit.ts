import type { SettingsAuditEntry } from '@quiz-points/shared';
import { desc, eq, like, not, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settingsAudit, users } from '../../db/schema.ts';

/** Suspensions are audited beside settings, under `suspension:<user id>`. */
export const suspensionAuditKey = (userId: string) => `suspension:${userId}`;

/** Audit rows, newest first, naming who made each change by e-mail. */
export async function listSettingsAudit(
  db: Executor,
  filter: { key: string } | { settingsOnly: true },
  limit = 50,
): Promise<SettingsAuditEntry[]> {
  const where: SQL =
    'key' in filter ? eq(settingsAudit.key, filter.key) : not(like(settingsAudit.key, 'suspension:%'));
  const rows = await db
    .select({ audit: settingsAudit, email: users.email })
    .from(settingsAudit)
    .leftJoin(users, eq(users.id, settingsAudit.changedBy))
    .where(where)
    .orderBy(desc(settingsAudit.changedAt), desc(settingsAudit.id))
    .limit(limit);
  return rows.map(({ audit, email }) => ({
    id: audit.id,
    key: audit.key,
    oldValue: audit.oldValue,
    newValue: audit.newValue,
    changedBy: email ?? audit.changedBy,
    changedAt: audit.changedAt.toISOString(),
  }));
}
