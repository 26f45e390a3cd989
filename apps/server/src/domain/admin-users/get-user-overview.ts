import { type AdminUserOverview, DomainError, messages, suspensionActions } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, giftRequests, pointTransactions, users } from '../../db/schema.ts';
import { toGiftRequestView } from '../gifts/to-gift-request-view.ts';
import { listAdminActions } from './admin-audit.ts';
import { toAdminUserSummary } from './to-admin-user-summary.ts';

/** One person for the admin: profile, latest ledger entries, gift requests and suspension history. */
export async function getUserOverview({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<AdminUserOverview> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('NOT_FOUND', messages.userInfoNotFound);
  const [ledger, requests, [sessions], suspensions] = await Promise.all([
    db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, userId))
      // `nulls last` (the columns are never null) is point_transactions_user_idx's order, so the
      // newest 100 are read from it, not all of a long-standing member's entries sorted.
      .orderBy(sql`${pointTransactions.createdAt} desc nulls last, ${pointTransactions.id} desc nulls last`)
      .limit(100),
    db
      .select()
      .from(giftRequests)
      .where(eq(giftRequests.userId, userId))
      .orderBy(sql`${giftRequests.createdAt} desc nulls last`)
      .limit(100),
    // Live by the database's clock, as the session lookup (services/identity) decides it; the newest
    // session's start is a sign-in too (one made before last_login_at was written at every sign-in).
    db
      .select({
        live: sql<number>`(count(*) filter (where ${authSessions.expiresAt} > now()))::int`,
        newest: sql<Date | string | null>`max(${authSessions.createdAt})`,
      })
      .from(authSessions)
      .where(eq(authSessions.userId, userId)),
    listAdminActions(db, { targetId: userId, actions: suspensionActions }),
  ]);
  const newestSession = sessions?.newest ? new Date(sessions.newest) : null;
  const lastSignIn = [user.lastLoginAt, newestSession].reduce<Date | null>(
    (latest, at) => (at && (!latest || at > latest) ? at : latest),
    null,
  );
  return {
    user: {
      ...toAdminUserSummary(user),
      banReason: user.banReason,
      isVerified: user.phoneVerifiedAt !== null,
      lastLoginAt: lastSignIn?.toISOString() ?? null,
      birthDate: user.birthDate,
      gender: user.gender,
      prefecture: user.prefecture,
      city: user.city,
      occupation: user.occupation,
      referralCode: user.referralCode,
      referredBy: user.referredBy,
      activeSessions: Number(sessions?.live ?? 0),
    },
    ledger: ledger.map((entry) => ({
      id: entry.id,
      points: entry.points,
      memo: entry.memo,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
    giftRequests: requests.map(toGiftRequestView),
    suspensions,
  };
}
