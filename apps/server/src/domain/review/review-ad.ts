import { messages, wellFormedString } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ads, users } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import { DomainError } from '../domain-error.ts';
import type { Logger } from '../logger.ts';

const rejectBody = z.strictObject({
  reason: wellFormedString({ error: messages.rejectionReasonRequired })
    .trim()
    .min(1, { error: messages.rejectionReasonRequired })
    .max(300),
});

export type ReviewDecision = { kind: 'approve' } | { kind: 'reject'; input: unknown };

/**
 * SPEC §4 Ad status: approve (approved, active) or reject with a reason. One guarded update on a
 * pending ad, so a submission is reviewed once even from two admin tabs. The advertiser is mailed;
 * `mailed` says whether that worked (SPEC §8 メール送信完了！ / メール送信に失敗しました).
 */
export async function reviewAd(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  adId: string;
  decision: ReviewDecision;
}) {
  const { db, mailer, log, adId, decision } = options;
  const reason = decision.kind === 'reject' ? rejectBody.parse(decision.input).reason : null;
  const [ad] = await db
    .update(ads)
    .set(
      decision.kind === 'approve'
        ? { status: 'approved', isActive: true, rejectionReason: null, updatedAt: new Date() }
        : { status: 'rejected', isActive: false, rejectionReason: reason, updatedAt: new Date() },
    )
    .where(and(eq(ads.id, adId), eq(ads.status, 'pending')))
    .returning();
  if (!ad) {
    const [exists] = await db.select({ id: ads.id }).from(ads).where(eq(ads.id, adId));
    throw exists ? new DomainError('CONFLICT', messages.adAlreadyReviewed) : new DomainError('NOT_FOUND');
  }

  const [advertiser] = ad.advertiserId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, ad.advertiserId))
    : [];
  if (!advertiser) return { mailed: false };
  try {
    await mailer.send({
      to: advertiser.email,
      subject: `【クイズポイント】広告審査の結果：${ad.adTitle}`,
      text:
        decision.kind === 'approve'
          ? `広告「${ad.adTitle}」は審査を通過し、配信を開始しました。`
          : `広告「${ad.adTitle}」は掲載を見送らせていただきました。\n理由：${reason}\n\n広告管理画面から内容を修正して再申請できます。`,
    });
    return { mailed: true };
  } catch (error) {
    log.warn({ err: error }, 'review mail failed');
    return { mailed: false };
  }
}
