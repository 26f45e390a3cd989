import type { SettingsAuditEntry } from '@quiz-points/shared';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settingsAudit } from '../../db/schema.ts';
import { byEmail } from '../admin-users/by-email.ts';

/** Settings changes, newest first, naming who made each change by e-mail. */
export async function listSettingsAudit(db: Executor, limit = 50): Promise<SettingsAuditEntry[]> {
  const { id, key, oldValue, newValue, changedBy, changedAt } = settingsAudit;
  const rows = await db
    .select({ id, key, oldValue, newValue, changedBy: byEmail(changedBy), changedAt })
    .from(settingsAudit)
    .orderBy(desc(changedAt), desc(id))
    .limit(limit);
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}
