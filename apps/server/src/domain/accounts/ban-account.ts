import type { SuspensionBody } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema.ts';

/** The admin's suspension of one account, or its lifting, with the reason, as both consoles send it. */
export interface SuspensionRequest {
  db: Database;
  userId: string;
  input: SuspensionBody;
  adminId: string;
  now?: Date;
}

/**
 * A suspension's effect on the account (members' and advertisers' alike): the ban with its reason, and
 * on suspending every session deleted, so the person is signed out everywhere at once. Lifting clears
 * the ban. Returns how many sessions ended. The caller holds the account's row lock and audits it.
 */
export async function banAccount(
  tx: Tx,
  options: { userId: string; suspended: boolean; reason: string; now: Date },
): Promise<number> {
  const { userId, suspended, reason, now } = options;
  await tx
    .update(users)
    .set({ banned: suspended, banReason: suspended ? reason : null, updatedAt: now })
    .where(eq(users.id, userId));
  if (!suspended) return 0;
  const ended = await tx
    .delete(authSessions)
    .where(eq(authSessions.userId, userId))
    .returning({ id: authSessions.id });
  return ended.length;
}
