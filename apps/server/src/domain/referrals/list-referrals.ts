import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pointTransactions, users } from '../../db/schema.ts';

/** The people a user invited: when they joined and whether the 50 Pt pair was granted. */
export async function listReferrals({
  db,
  referralCode,
  referrerId,
}: {
  db: Database;
  referralCode: string;
  referrerId: string;
}) {
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
  return rows.map((row) => ({
    joinedAt: row.joinedAt.toISOString(),
    status: row.grantedAt ? ('granted' as const) : ('pending' as const),
  }));
}
