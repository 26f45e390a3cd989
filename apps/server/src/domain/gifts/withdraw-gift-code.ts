import { giftCodeMessages } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { giftCodes } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { guardedUpdateRefusal } from '../guarded-update-refusal.ts';

/**
 * The admin takes a code out of stock. Only an available one: the update waits for an exchange that
 * holds the row and then finds it issued, so a code is never both withdrawn and given out.
 */
export async function withdrawGiftCode(options: { db: Database; codeId: number; adminId: string }) {
  const { db, codeId, adminId } = options;
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(giftCodes)
      .set({ status: 'withdrawn', withdrawnAt: now, withdrawnBy: adminId })
      .where(and(eq(giftCodes.id, codeId), eq(giftCodes.status, 'available')))
      .returning({ giftType: giftCodes.giftType, amount: giftCodes.amount, last4: giftCodes.last4 });
    if (!row) {
      throw await guardedUpdateRefusal(tx, giftCodes.id, codeId, {
        conflict: giftCodeMessages.notAvailable,
        notFound: giftCodeMessages.notFound,
      });
    }
    await recordAdminAction(tx, {
      action: 'withdraw_gift_code',
      targetId: String(codeId),
      details: row,
      actedBy: adminId,
      actedAt: now,
    });
  });
}
