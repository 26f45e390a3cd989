import { randomInt } from 'node:crypto';
import { DomainError, messages, toE164 } from '@quiz-points/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { phoneVerifications, users } from '../../db/schema.ts';
import type { SmsSender } from '../../services/sms/sms-sender.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import { keyedHash } from './phone-hash.ts';

export const CODE_TTL_MINUTES = 10;

export interface SendPhoneCodeOptions {
  db: Database;
  sms: SmsSender;
  secret: string;
  userId: string;
  /** Parsed by `sendPhoneCodeBody`: a Japanese number, digits only. */
  phoneNumber: string;
  ip: string;
  now?: Date;
}

/** Sends a 6-digit code to a Japanese number (SPEC §5 SMS), within per-user, per-number and per-IP limits. */
export async function sendPhoneCode({
  db,
  sms,
  secret,
  userId,
  phoneNumber,
  ip,
  now = new Date(),
}: SendPhoneCodeOptions) {
  const e164 = toE164(phoneNumber);
  const phoneHash = keyedHash(secret, 'phone', e164);

  const [user] = await db
    .select({ phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new DomainError('UNAUTHENTICATED');
  if (user.phoneVerifiedAt) throw new DomainError('CONFLICT', messages.phoneAlreadyVerified);
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneHash, phoneHash), ne(users.id, userId)));
  if (owner) throw new DomainError('CONFLICT', messages.phoneInUse);

  await consumeRateLimit(db, { key: `sms:user:${userId}`, limit: 5, windowSeconds: 3600 });
  await consumeRateLimit(db, { key: `sms:phone:${phoneHash}`, limit: 5, windowSeconds: 3600 });
  await consumeRateLimit(db, { key: `sms:ip:${ip}`, limit: 20, windowSeconds: 3600 });

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // Only the newest code counts.
    await tx
      .update(phoneVerifications)
      .set({ consumedAt: now })
      .where(and(eq(phoneVerifications.userId, userId), isNull(phoneVerifications.consumedAt)));
    await tx.insert(phoneVerifications).values({
      userId,
      phoneHash,
      codeHash: keyedHash(secret, 'code', code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      createdAt: now,
    });
  });
  try {
    await sms.send({
      to: e164,
      text: `【クイズポイント】認証コード：${code}（${CODE_TTL_MINUTES}分間有効）`,
    });
  } catch {
    throw new DomainError('SMS_FAILED', messages.smsSendFailed);
  }
}
