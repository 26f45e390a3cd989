import type { MaskedGiftCode } from '@quiz-points/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { giftCodes } from '../../db/schema.ts';
import { maskGiftCode } from './gift-code-cipher.ts';

/** One gift type and amount's codes for the admin, masked (never decrypted), newest first. */
export async function listGiftCodes(options: {
  db: Executor;
  giftType: string;
  amount: number;
}): Promise<MaskedGiftCode[]> {
  const { db, giftType, amount } = options;
  const rows = await db
    .select()
    .from(giftCodes)
    .where(and(eq(giftCodes.giftType, giftType), eq(giftCodes.amount, amount)))
    .orderBy(desc(giftCodes.id))
    .limit(300);
  return rows.map((row) => ({
    id: row.id,
    masked: maskGiftCode(row.last4),
    status: row.status,
    loadedAt: row.loadedAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  }));
}
