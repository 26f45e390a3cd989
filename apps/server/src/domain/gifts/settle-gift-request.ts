import { issueGiftBody, messages, rejectGiftBody } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { giftRequests, users } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import { DomainError } from '../domain-error.ts';
import type { Logger } from '../logger.ts';
import { applyPointChange } from '../points/ledger.ts';

export type Settlement = { kind: 'issue'; input: unknown } | { kind: 'reject'; input: unknown };

/**
 * The admin settles a pending request once (SPEC-NOTES): issue with a gift code (status 発行済み,
 * code mailed) or reject with a reason (points returned through the ledger, reason mailed).
 */
export async function settleGiftRequest(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  requestId: string;
  adminId: string;
  settlement: Settlement;
}) {
  const { db, mailer, log, requestId, adminId, settlement } = options;
  const giftCode = settlement.kind === 'issue' ? issueGiftBody.parse(settlement.input).giftCode : null;
  const reason = settlement.kind === 'reject' ? rejectGiftBody.parse(settlement.input).reason : null;
  const now = new Date();

  const { request, email } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(giftRequests)
      .set({
        status: settlement.kind === 'issue' ? 'issued' : 'rejected',
        giftCode,
        rejectionReason: reason,
        settledAt: now,
        settledBy: adminId,
      })
      .where(and(eq(giftRequests.id, requestId), eq(giftRequests.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: giftRequests.id })
        .from(giftRequests)
        .where(eq(giftRequests.id, requestId));
      throw exists ? new DomainError('CONFLICT', messages.giftAlreadySettled) : new DomainError('NOT_FOUND');
    }
    if (settlement.kind === 'reject') {
      await applyPointChange(tx, {
        userId: row.userId,
        points: row.pointsUsed,
        reason: 'gift_refund',
        ref: row.id,
        memo: 'ポイント交換の取り消し（返還）',
      });
    }
    const [user] = await tx
      .select({ email: users.email, withdrawnAt: users.withdrawnAt })
      .from(users)
      .where(eq(users.id, row.userId));
    return { request: row, email: user?.withdrawnAt ? null : (user?.email ?? null) };
  });

  if (email) {
    const text =
      settlement.kind === 'issue'
        ? `ポイント交換のギフトコードをお送りします。\n\nギフトコード：${giftCode}\n\n交換履歴からも確認できます。`
        : `申し訳ありませんが、ポイント交換の申請をお受けできませんでした。\n理由：${reason}\n\n申請に使われた${request.pointsUsed.toLocaleString('ja-JP')} Ptはお返ししました。`;
    await mailer
      .send({
        to: email,
        subject:
          settlement.kind === 'issue'
            ? '【クイズポイント】ギフトコードのお届け'
            : '【クイズポイント】ポイント交換について',
        text,
      })
      .catch((error: unknown) => log.warn({ err: error }, 'gift settlement mail failed'));
  }
  return request;
}
