import { GIFT_MINIMUM_POINTS, giftRequestBody, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { giftRequests, users } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import { applyPointChange } from '../points/ledger.ts';
import { readSetting } from '../settings/read-setting.ts';
import { toGiftRequestView } from './to-gift-request-view.ts';

/**
 * A point exchange (SPEC §4, §9): the points are deducted and the request created in one
 * transaction, so no number of simultaneous requests can overdraw. A confirmation mail follows.
 */
export async function requestGift(options: {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  userId: string;
  input: unknown;
}) {
  const { db, mailer, log, userId } = options;
  const body = giftRequestBody.parse(options.input);
  const giftType = (await readSetting(db, 'giftTypes')).find((type) => type.id === body.giftType);
  if (!giftType) throw new DomainError('VALIDATION', messages.giftTypeUnavailable);
  if (body.points < GIFT_MINIMUM_POINTS || !giftType.amounts.includes(body.points)) {
    throw new DomainError('VALIDATION', messages.giftAmountInvalid);
  }

  const { request, email } = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (!user.phoneVerifiedAt) throw new DomainError('PHONE_REQUIRED', messages.giftNeedsPhone);
    if (user.banned) throw new DomainError('SUSPENDED', messages.suspendedNotice);
    const [row] = await tx
      .insert(giftRequests)
      .values({ userId, giftType: giftType.id, pointsUsed: body.points })
      .returning();
    await applyPointChange(tx, {
      userId,
      points: -body.points,
      reason: 'gift_request',
      ref: row!.id,
      memo: `${giftType.label}への交換`,
    });
    return { request: row!, email: user.email };
  });

  const view = toGiftRequestView(request);
  await mailer
    .send({
      to: email,
      subject: '【クイズポイント】ポイント交換を受け付けました',
      text: `${giftType.label}（${body.points.toLocaleString('ja-JP')} Pt）への交換を受け付けました。\nギフトコードは3営業日以内にメールでお送りします。\n交換履歴からも状況を確認できます。`,
    })
    .catch((error: unknown) => log.warn({ err: error }, 'gift confirmation mail failed'));
  return view;
}
