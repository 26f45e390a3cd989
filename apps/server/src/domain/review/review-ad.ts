import { messages } from '@quiz-points/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, users } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { guardedUpdateRefusal } from '../guarded-update-refusal.ts';
import type { Logger } from '../logger.ts';
import { adReviewedMail } from '../mail/mail-templates.ts';
import { sendMail } from '../mail/send-mail.ts';

/**
 * The holds an ad is approved with: its advertiser's, so it waits with their other ads. Suspended
 * (submitted as the suspension landed): the suspension's hold. An invoice of theirs still unpaid: the
 * failed payment's hold (docs/decisions/018-failed-payments.md), lifted with their others once paid.
 */
const advertiserHolds = sql`(
  select array(
    select distinct hold from unnest(
      ads.holds
      || case when exists (select 1 from users u where u.id = ads.advertiser_id and u.banned)
              then array['suspended'] else array[]::text[] end
      || case when exists (select 1 from invoices i where i.advertiser_id = ads.advertiser_id and i.status = 'failed')
              then array['billing'] else array[]::text[] end
    ) hold order by hold))`;

/** A rejection's reason is parsed by `rejectAdBody` and mailed to the advertiser. */
export type ReviewDecision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * SPEC §4 Ad status: approve (approved, active) or reject with a reason. One guarded update on a
 * pending ad, so a submission is reviewed once even from two admin tabs, audited (admin_audit) in
 * the same transaction. The advertiser is mailed after the commit;
 * `mailed` says whether that worked (SPEC §8 メール送信完了！ / メール送信に失敗しました).
 */
export async function reviewAd(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  adId: string;
  adminId: string;
  decision: ReviewDecision;
  now?: Date;
}) {
  const { db, mailer, log, adId, adminId, decision, now = new Date() } = options;
  const reason = decision.kind === 'reject' ? decision.reason : null;
  const ad = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(ads)
      .set(
        decision.kind === 'approve'
          ? {
              status: 'approved',
              isActive: true,
              rejectionReason: null,
              holds: advertiserHolds,
              updatedAt: now,
            }
          : { status: 'rejected', isActive: false, rejectionReason: reason, updatedAt: now },
      )
      .where(and(eq(ads.id, adId), eq(ads.status, 'pending')))
      .returning();
    if (!row) throw await guardedUpdateRefusal(tx, ads.id, adId, { conflict: messages.adAlreadyReviewed });
    await recordAdminAction(tx, {
      action: decision.kind === 'approve' ? 'approve_ad' : 'reject_ad',
      targetId: adId,
      reason,
      actedBy: adminId,
      actedAt: now,
    });
    return row;
  });

  const [advertiser] = ad.advertiserId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, ad.advertiserId))
    : [];
  if (!advertiser) return { mailed: false };
  const mail = adReviewedMail({ adTitle: ad.adTitle, rejectionReason: reason });
  return { mailed: await sendMail({ mailer, log, to: advertiser.email, mail }) };
}
