import { messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authAccounts, authSessions, deletedUsers, users } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';
import { applyPointChange } from '../points/ledger.ts';

/** Withdrawal needs a Google sign-in made within this many minutes (SPEC §4: re-authenticate). */
export const REAUTH_WINDOW_MINUTES = 10;

/**
 * SPEC §4 Withdrawal, with SPEC-NOTES: records the deleted user, forfeits unused points through
 * the ledger, removes personal data and every way to sign in, and keeps the ledger and gift
 * requests (anonymised) for accounting. One transaction.
 */
export async function withdrawAccount(options: {
  db: Database;
  userId: string;
  sessionStartedAt: Date | null;
  now?: Date;
}) {
  const { db, userId, sessionStartedAt, now = new Date() } = options;
  if (!sessionStartedAt || now.getTime() - sessionStartedAt.getTime() > REAUTH_WINDOW_MINUTES * 60_000) {
    throw new DomainError('REAUTH_REQUIRED', messages.reauthRequired);
  }
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.withdrawnAt) throw new DomainError('UNAUTHENTICATED');
    await tx
      .insert(deletedUsers)
      .values({ uid: user.id, emailHash: user.emailHash, phoneHash: user.phoneHash, deletedAt: now })
      .onConflictDoNothing();
    if (user.points > 0) {
      await applyPointChange(tx, {
        userId,
        points: -user.points,
        reason: 'withdrawal_forfeit',
        ref: 'withdrawal',
        memo: '退会によるポイント失効',
      });
    }
    // The hashes stay: they are what stops a second bonus or a second use of the same phone.
    await tx
      .update(users)
      .set({
        name: '',
        email: `withdrawn+${user.id}@invalid.quiz-points`,
        emailVerified: false,
        image: null,
        birthDate: null,
        gender: null,
        zipCode: null,
        prefecture: null,
        city: null,
        maritalStatus: null,
        hasChildren: null,
        occupation: null,
        annualIncome: null,
        displayName: null,
        referralCode: null,
        withdrawnAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await tx.delete(authAccounts).where(eq(authAccounts.userId, userId));
  });
}
