import { timingSafeEqual } from 'node:crypto';
import { DomainError, messages } from '@quiz-points/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { phoneVerifications, users } from '../../db/schema.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import { grantReferralRewards } from '../referrals/grant-referral-rewards.ts';
import { keyedHash } from './phone-hash.ts';

export const MAX_CODE_ATTEMPTS = 5;

type Outcome =
  | { kind: 'verified'; referralGranted: boolean }
  | { kind: 'already-verified' }
  | { kind: 'refused'; message: string };

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === '23505' || (error as { code?: string }).code === '23505';
}

/**
 * Checks the code and, in one transaction, marks the phone verified (one number, one account,
 * ever) and grants the referral pair. A wrong guess is counted even though the answer is no.
 */
export async function verifyPhoneCode(options: {
  db: Database;
  secret: string;
  userId: string;
  /** Parsed by `verifyPhoneCodeBody`: six digits. */
  code: string;
  ip: string;
  now?: Date;
}) {
  const { db, secret, userId, code, ip, now = new Date() } = options;
  await consumeRateLimit(db, { key: `sms-verify:ip:${ip}`, limit: 30, windowSeconds: 3600 });

  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw new DomainError('UNAUTHENTICATED');
      if (user.phoneVerifiedAt) return { kind: 'already-verified' };

      const [pending] = await tx
        .select()
        .from(phoneVerifications)
        .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.consumedAt)))
        .orderBy(desc(phoneVerifications.createdAt))
        .limit(1);
      if (!pending || pending.expiresAt <= now) return { kind: 'refused', message: messages.smsCodeExpired };
      if (pending.attempts >= MAX_CODE_ATTEMPTS)
        return { kind: 'refused', message: messages.smsTooManyAttempts };

      const expected = Buffer.from(pending.codeHash, 'hex');
      const given = Buffer.from(keyedHash(secret, 'code', code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await tx
          .update(phoneVerifications)
          .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
          .where(eq(phoneVerifications.id, pending.id));
        return { kind: 'refused', message: messages.smsVerifyFailed };
      }

      await tx
        .update(phoneVerifications)
        .set({ consumedAt: now })
        .where(eq(phoneVerifications.id, pending.id));
      await tx
        .update(users)
        .set({ phoneHash: pending.phoneHash, phoneVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, userId));
      const referralGranted = await grantReferralRewards(tx, { ...user, phoneHash: pending.phoneHash });
      return { kind: 'verified', referralGranted };
    });
  } catch (error) {
    // Another account verified the same number at the same moment.
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.phoneInUse);
    throw error;
  }
  if (outcome.kind === 'refused') throw new DomainError('VALIDATION', outcome.message);
  return outcome;
}
