import {
  DomainError,
  giftCodeMessages,
  type LoadGiftCodesBody,
  messages,
  parseGiftCodeCsv,
} from '@quiz-points/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { giftCodes } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import type { Logger } from '../logger.ts';
import { readSetting } from '../settings/read-setting.ts';
import { GIFT_CODE_FINGERPRINT_VERSION, type GiftCodeCipher } from './gift-code-cipher.ts';

/** Which of these fingerprints a code in stock (of any status) has already. */
async function fingerprintsHeld(tx: Tx, fingerprints: string[]): Promise<Set<string>> {
  const held = await tx
    .select({ fingerprint: giftCodes.fingerprint })
    .from(giftCodes)
    .where(inArray(giftCodes.fingerprint, fingerprints));
  return new Set(held.map((row) => row.fingerprint));
}

/**
 * Codes fingerprinted before fingerprints left letter case and hyphens aside (an older version) get
 * today's fingerprint, in the caller's transaction, so a load compares against every code in stock
 * alike. It needs the key, which only the app holds, so it runs here rather than in the migration;
 * the rows are locked, so simultaneous loads do it once. Of two codes in stock that turn out to be
 * one code written two ways, the second keeps its old fingerprint (the unique index allows the new
 * one once); the ids of such repeats are answered, for the log.
 */
async function refingerprintOlderCodes(tx: Tx, cipher: GiftCodeCipher): Promise<number[]> {
  const older = await tx
    .select({
      id: giftCodes.id,
      codeCiphertext: giftCodes.codeCiphertext,
      fingerprint: giftCodes.fingerprint,
    })
    .from(giftCodes)
    .where(eq(giftCodes.fingerprintVersion, 1))
    .orderBy(asc(giftCodes.id))
    .for('update');
  if (older.length === 0) return [];
  const renewed = older.map((row) => ({
    ...row,
    next: cipher.fingerprint(cipher.decrypt(row.codeCiphertext)),
  }));
  const taken = await fingerprintsHeld(
    tx,
    renewed.map((row) => row.next),
  );
  const repeated: number[] = [];
  const rows = renewed.map(({ id, fingerprint, next }) => {
    if (next === fingerprint) return { id, fingerprint };
    if (taken.has(next)) {
      repeated.push(id);
      return { id, fingerprint };
    }
    taken.add(next);
    return { id, fingerprint: next };
  });
  await tx.execute(
    sql`update gift_codes g set fingerprint = v.fingerprint, fingerprint_version = ${GIFT_CODE_FINGERPRINT_VERSION}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id bigint, fingerprint text)
        where g.id = v.id`,
  );
  return repeated;
}

/**
 * The admin loads a CSV of codes for one offered gift type and amount (decision 016). Each code is
 * stored encrypted, as written, with its keyed fingerprint (unique: a code is never in stock twice,
 * however it is written) and its last four characters for the masked view. All the file's codes are
 * loaded in one transaction, or none.
 */
export async function loadGiftCodes(options: {
  db: Database;
  cipher: GiftCodeCipher;
  adminId: string;
  input: LoadGiftCodesBody;
  log: Logger;
}): Promise<{ loaded: number }> {
  const { db, cipher, adminId, input, log } = options;
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
    const repeated = await refingerprintOlderCodes(tx, cipher);
    if (repeated.length > 0) {
      log.warn(
        { giftCodeIds: repeated },
        'gift codes in stock twice, written two ways: withdraw the repeats',
      );
    }
    const inserted = await tx
      .insert(giftCodes)
      .values(rows.map((row) => ({ ...row.values, fingerprint: row.fingerprint })))
      .onConflictDoNothing({ target: giftCodes.fingerprint })
      .returning({ fingerprint: giftCodes.fingerprint });
    if (inserted.length < rows.length) {
      // Some were in stock already (or loaded by a simultaneous upload): name their lines, load none.
      const known = await fingerprintsHeld(
        tx,
        rows.map((row) => row.fingerprint),
      );
      const ours = new Set(inserted.map((row) => row.fingerprint));
      const taken = new Set([...known].filter((fingerprint) => !ours.has(fingerprint)));
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
