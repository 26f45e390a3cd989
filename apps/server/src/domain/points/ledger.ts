import { type LedgerReason, messages } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { refusalOf } from '../../db/hot-statement.ts';
import { queryRows } from '../../db/query-rows.ts';

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
 * Points change only through `qp_apply_point_change` (ledger.sql), so the hot
 * paths that run as one statement and these callers share one ledger rule: the ledger row (one per
 * user, reason and cause) and the balance, in the caller's transaction. A cause already recorded
 * changes nothing ({ applied: false }); a debit that would overdraw throws INSUFFICIENT_POINTS,
 * rolling the transaction back.
 */
export async function applyPointChange(tx: Tx, change: PointChange): Promise<PointChangeResult> {
  if (!Number.isSafeInteger(change.points) || change.points === 0) {
    throw new Error(`a point change must be a non-zero integer, got ${change.points}`);
  }
  const memo = change.memo ?? (change.points > 0 ? messages.memoGain : messages.memoUse);
  try {
    const [row] = await queryRows<{ balance: number | null }>(
      tx,
      sql`select qp_apply_point_change(${change.userId}, ${change.points}::integer, ${change.reason}, ${change.ref}, ${memo}) as balance`,
    );
    return row?.balance == null ? { applied: false } : { applied: true, balance: Number(row.balance) };
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
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
