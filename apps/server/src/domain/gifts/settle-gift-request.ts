import { messages } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { giftRequests, users } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { guardedUpdateRefusal } from '../guarded-update-refusal.ts';
import type { Logger } from '../logger.ts';
import { giftIssuedMail, giftRejectedMail } from '../mail/mail-templates.ts';
import { sendMail } from '../mail/send-mail.ts';
import { applyPointChange } from '../points/ledger.ts';

export type Settlement = { kind: 'issue'; giftCode: string } | { kind: 'reject'; reason: string };

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
  const giftCode = settlement.kind === 'issue' ? settlement.giftCode : null;
  const reason = settlement.kind === 'reject' ? settlement.reason : null;
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
      throw await guardedUpdateRefusal(tx, giftRequests.id, requestId, {
        conflict: messages.giftAlreadySettled,
      });
    }
    if (settlement.kind === 'reject') {
      await applyPointChange(tx, {
        userId: row.userId,
        points: row.pointsUsed,
        reason: 'gift_refund',
        ref: row.id,
        memo: messages.memoGiftRefund,
      });
    }
    await recordAdminAction(tx, {
      action: settlement.kind === 'issue' ? 'issue_gift' : 'reject_gift',
      targetId: row.id,
      reason,
      details: { userId: row.userId, pointsUsed: row.pointsUsed },
      actedBy: adminId,
      actedAt: now,
    });
    const [user] = await tx
      .select({ email: users.email, withdrawnAt: users.withdrawnAt })
      .from(users)
      .where(eq(users.id, row.userId));
    return { request: row, email: user?.withdrawnAt ? null : (user?.email ?? null) };
  });

  if (email) {
    const mail =
      settlement.kind === 'issue'
        ? giftIssuedMail({ giftCode: settlement.giftCode })
        : giftRejectedMail({ reason: settlement.reason, pointsUsed: request.pointsUsed });
    await sendMail({ mailer, log, to: email, mail });
  }
  return request;
}
