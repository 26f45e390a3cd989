import { messages } from '@quiz-points/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { pointTransactions, users } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';

/** Why points moved. With `ref`, a reason names its cause, and one cause moves points once. */
export type LedgerReason =
  | 'signup_bonus'
  | 'referral_friend'
  | 'referral_referrer'
  | 'ad_quiz'
  | 'gacha'
  | 'daily_quiz'
  | 'gift_request'
  | 'gift_refund'
  | 'withdrawal_forfeit'
  | 'admin_adjustment';

export interface PointChange {
  userId: string;
  /** Signed: positive credits, negative debits. */
  points: number;
  reason: LedgerReason;
  /** What caused it (an ad id, a date, a request id): unique per user and reason. */
  ref: string;
  memo?: string;
}

export type PointChangeResult = { applied: true; balance: number } | { applied: false };

/**
 * The only place points change. Writes the ledger row and the balance in the caller's
 * transaction. A cause already recorded changes nothing ({ applied: false }); a debit that would
 * overdraw throws INSUFFICIENT_POINTS, rolling the transaction back.
 */
export async function applyPointChange(tx: Tx, change: PointChange): Promise<PointChangeResult> {
  if (!Number.isSafeInteger(change.points) || change.points === 0) {
    throw new Error(`a point change must be a non-zero integer, got ${change.points}`);
  }
  const memo = change.memo ?? (change.points > 0 ? messages.memoGain : messages.memoUse);
  const inserted = await tx
    .insert(pointTransactions)
    .values({ userId: change.userId, points: change.points, reason: change.reason, ref: change.ref, memo })
    .onConflictDoNothing({
      target: [pointTransactions.userId, pointTransactions.reason, pointTransactions.ref],
    })
    .returning({ id: pointTransactions.id });
  if (inserted.length === 0) return { applied: false };

  const [updated] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${change.points}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, change.userId), sql`${users.points} + ${change.points} >= 0`))
    .returning({ points: users.points });
  if (!updated) throw new DomainError('INSUFFICIENT_POINTS');
  return { applied: true, balance: updated.points };
}

/** Users whose balance differs from the sum of their ledger (the invariant says: none). */
export async function findLedgerMismatches(db: Executor) {
  return queryRows<{ id: string; points: number; ledger: number }>(
    db,
    sql`select u.id, u.points, coalesce(sum(t.points), 0)::int as ledger
        from users u left join point_transactions t on t.user_id = u.id
        group by u.id having u.points <> coalesce(sum(t.points), 0)`,
  );
}
