import { DomainError, messages, type ReferralsView } from '@quiz-points/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pointTransactions, users } from '../../db/schema.ts';
import type { UserRow } from '../user-row.ts';

/**
 * The member's invitation code and the people who joined with it: when, and whether the 50 Pt pair
 * was granted. Inviting friends needs a verified phone (SPEC §4), so seeing them does too.
 */
export async function listReferrals({
  db,
  member,
}: {
  db: Database;
  member: UserRow;
}): Promise<ReferralsView> {
  if (!member.phoneVerifiedAt) throw new DomainError('FORBIDDEN', messages.friendsNeedPhone);
  const referralCode = member.referralCode ?? '';
  const referrerId = member.id;
  const rows = await db
    .select({
      joinedAt: users.createdAt,
      grantedAt: pointTransactions.createdAt,
    })
    .from(users)
    .leftJoin(
      pointTransactions,
      and(
        eq(pointTransactions.userId, referrerId),
        eq(pointTransactions.reason, 'referral_referrer'),
        eq(pointTransactions.ref, users.id),
      ),
    )
    .where(and(eq(users.referredBy, referralCode), sql`${users.id} <> ${referrerId}`))
    .orderBy(desc(users.createdAt))
    .limit(100);
  const referrals = rows.map((row) => ({
    joinedAt: row.joinedAt.toISOString(),
    status: row.grantedAt ? ('granted' as const) : ('pending' as const),
  }));
  return { referralCode: member.referralCode, referrals };
}
