import type { SettingsAuditEntry } from '@quiz-points/shared';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settingsAudit, users } from '../../db/schema.ts';

/** Settings changes, newest first, naming who made each change by e-mail. */
export async function listSettingsAudit(db: Executor, limit = 50): Promise<SettingsAuditEntry[]> {
  const rows = await db
    .select({ audit: settingsAudit, email: users.email })
    .from(settingsAudit)
    .leftJoin(users, eq(users.id, settingsAudit.changedBy))
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
