import { giftCodeMessages, type LoadGiftCodesBody, messages, parseGiftCodeCsv } from '@quiz-points/shared';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { giftCodes } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { DomainError } from '../domain-error.ts';
import { readSetting } from '../settings/read-setting.ts';
import type { GiftCodeCipher } from './gift-code-cipher.ts';

/**
 * The admin loads a CSV of codes for one offered gift type and amount (decision 016). Each code is
 * stored encrypted, with its keyed fingerprint (unique: a code is never in stock twice) and its last
 * four characters for the masked view. All the file's codes are loaded in one transaction, or none.
 */
export async function loadGiftCodes(options: {
  db: Database;
  cipher: GiftCodeCipher;
  adminId: string;
  input: LoadGiftCodesBody;
}): Promise<{ loaded: number }> {
  const { db, cipher, adminId, input } = options;
  const type = (await readSetting(db, 'giftTypes')).find((offered) => offered.id === input.giftType);
  if (!type) throw new DomainError('VALIDATION', messages.giftTypeUnavailable);
  if (!type.amounts.includes(input.amount)) throw new DomainError('VALIDATION', messages.giftAmountInvalid);
  const parsed = parseGiftCodeCsv(input.csv);
  if (!parsed.ok) throw new DomainError('VALIDATION', parsed.message);

  const rows = parsed.codes.map(({ code, line }) => ({
    line,
    fingerprint: cipher.fingerprint(code),
    values: {
      giftType: type.id,
      amount: input.amount,
      codeCiphertext: cipher.encrypt(code),
      last4: code.slice(-4),
      loadedBy: adminId,
    },
  }));
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(giftCodes)
      .values(rows.map((row) => ({ ...row.values, fingerprint: row.fingerprint })))
      .onConflictDoNothing({ target: giftCodes.fingerprint })
      .returning({ fingerprint: giftCodes.fingerprint });
    if (inserted.length < rows.length) {
      // Some were in stock already (or loaded by a simultaneous upload): name their lines, load none.
      const known = await tx
        .select({ fingerprint: giftCodes.fingerprint })
        .from(giftCodes)
        .where(
          inArray(
            giftCodes.fingerprint,
            rows.map((row) => row.fingerprint),
          ),
        );
      const ours = new Set(inserted.map((row) => row.fingerprint));
      const taken = new Set(
        known.map((row) => row.fingerprint).filter((fingerprint) => !ours.has(fingerprint)),
      );
      const lines = rows.filter((row) => taken.has(row.fingerprint)).map((row) => row.line);
      throw new DomainError('CONFLICT', giftCodeMessages.alreadyLoaded(lines.slice(0, 10)));
    }
    await recordAdminAction(tx, {
      action: 'load_gift_codes',
      targetId: `${type.id}/${input.amount}`,
      details: { giftType: type.id, amount: input.amount, count: rows.length },
      actedBy: adminId,
      actedAt: new Date(),
    });
    return { loaded: rows.length };
  });
}
