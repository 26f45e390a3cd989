import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema.ts';

/** Suspends (signing the user out everywhere at once) or lifts a suspension. Admin only. */
export async function setSuspension(options: {
  db: Database;
  userId: string;
  suspended: boolean;
  reason?: string;
}) {
  await options.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        banned: options.suspended,
        banReason: options.suspended ? (options.reason ?? null) : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, options.userId));
    if (options.suspended) await tx.delete(authSessions).where(eq(authSessions.userId, options.userId));
  });
}
