import { DomainError, messages } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { authAccounts, authSessions, deletedUsers, users } from '../../db/schema.ts';
import { GOOGLE_PROVIDER_ID } from '../../services/identity/auth.ts';
import { applyPointChange } from '../points/ledger.ts';

/** Withdrawal needs a sign-in made within this many minutes (SPEC §4: re-authenticate). */
export const REAUTH_WINDOW_MINUTES = 10;
/** Google's clock and ours may differ a little. */
const CLOCK_SKEW_MS = 60_000;

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
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.withdrawnAt) throw new DomainError('UNAUTHENTICATED');
    if (!(await provedThemselvesJustNow(tx, { userId, sessionStartedAt, now }))) {
      throw new DomainError('REAUTH_REQUIRED', messages.reauthRequired);
    }
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
        memo: messages.memoWithdrawalForfeit,
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

/**
 * A fresh sign-in, really made by the person. For a Google account that is the provider's word:
 * the re-authentication asks Google for a new login (prompt=login, max_age=0), and the ID token it
 * returns says when the person last authenticated (auth_time). A session made from an older
 * login, or a silent sign-in with a live Google session, does not count. A password account's
 * proof is the password typed when this session began.
 */
async function provedThemselvesJustNow(
  db: Executor,
  { userId, sessionStartedAt, now }: { userId: string; sessionStartedAt: Date | null; now: Date },
): Promise<boolean> {
  const windowStart = now.getTime() - REAUTH_WINDOW_MINUTES * 60_000;
  if (!sessionStartedAt || sessionStartedAt.getTime() < windowStart) return false;
  const [google] = await db
    .select({ idToken: authAccounts.idToken })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, GOOGLE_PROVIDER_ID)));
  if (!google) return true;
  const authenticatedAt = authTimeOf(google.idToken);
  return (
    authenticatedAt !== null &&
    authenticatedAt.getTime() >= windowStart &&
    authenticatedAt.getTime() <= now.getTime() + CLOCK_SKEW_MS &&
    sessionStartedAt.getTime() >= authenticatedAt.getTime() - CLOCK_SKEW_MS
  );
}

/** `auth_time` of the stored ID token (verified against the provider's keys when it was received). */
function authTimeOf(idToken: string | null): Date | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { auth_time?: unknown };
    return typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : null;
  } catch {
    return null;
  }
}
