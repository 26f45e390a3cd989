import { type AdInputBody, type Pricing, perDeliveryCost } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { ads, quizAnswers } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import type { Logger } from '../logger.ts';
import { adReceiptMail } from '../mail/mail-templates.ts';
import { sendMail } from '../mail/send-mail.ts';
import type { UserRow } from '../user-row.ts';
import { windowInstants } from './ad-window.ts';
import { readPricing } from './read-pricing.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

type ParsedAdInput = Omit<AdInputBody, 'correctOptionIndex'>;

/** Who writes an ad: its advertiser, or the admin placing a house ad (free, and needing no card). */
export interface AdWriter {
  db: Database;
  advertiser: UserRow;
  isAdmin: boolean;
}

/** A writer who submits the ad for review, which the receipt mail acknowledges. */
export interface AdSubmitter extends AdWriter {
  mailer: Mailer;
  log: Logger;
}

/** The advertiser's content of an ad: what a draft keeps, a copy repeats and a submission sends. */
export function adContentValues(body: ParsedAdInput) {
  return {
    adTitle: body.adTitle,
    adProvider: body.adProvider,
    adUrl: body.adUrl,
    quizQuestion: body.quizQuestion,
    quizOptions: body.quizOptions,
    maxDeliveries: body.maxDeliveries,
    targetGender: body.targetGender,
    targetAgeRange: body.targetAgeRange,
    targetPrefectures: body.targetPrefectures,
    targetOccupations: body.targetOccupations,
    targetIncomes: body.targetIncomes,
    targetMaritalStatuses: body.targetMaritalStatuses,
    targetChildren: body.targetChildren,
    ...windowInstants(body),
    dailyBudget: body.dailyBudget ?? null,
  };
}

/** The pricing in force now, as the ad stores it. The admin's house ads cost nothing; users are still rewarded. */
export function pricedValues(
  pricing: Pricing,
  isAdmin: boolean,
  targeting: Parameters<typeof perDeliveryCost>[1],
) {
  return {
    userReward: pricing.userReward,
    baseFee: isAdmin ? 0 : pricing.baseFee,
    extraTargetingFee: isAdmin ? 0 : pricing.extraTargetingFee,
    unitPrice: isAdmin ? 0 : perDeliveryCost(pricing, targeting),
  };
}

/** An ad's content as written by its advertiser (or the admin), going to review or kept as a draft. */
interface AdWrite {
  isAdmin: boolean;
  body: AdInputBody;
  status: 'pending' | 'draft';
}

/**
 * What a submission (new or resubmitted) stores on the ad: the advertiser's content, the pricing in
 * force now (read in `tx`), and pending review; a draft stores the same, but stays a draft (priced
 * again when it is submitted).
 */
async function submittedAdValues(tx: Tx, { isAdmin, body, status }: AdWrite) {
  return {
    ...adContentValues(body),
    ...pricedValues(await readPricing(tx), isAdmin, body),
    status,
    isActive: false,
  };
}

/** A new ad of the advertiser's (a submission or a draft) with its correct option, priced now. */
export async function insertAd(tx: Tx, write: AdWrite & { advertiser: UserRow }) {
  const [row] = await tx
    .insert(ads)
    .values({
      ...(await submittedAdValues(tx, write)),
      advertiserId: write.advertiser.id,
      isHouseAd: write.isAdmin,
    })
    .returning();
  await tx
    .insert(quizAnswers)
    .values({ adId: row!.id, correctOptionIndex: write.body.correctOptionIndex, uid: write.advertiser.id });
  return row!;
}

/**
 * An ad's content written again (a resubmission or a draft saved again) with its correct option,
 * priced now. The caller has locked the ad and checked it may be rewritten.
 */
export async function rewriteAd(tx: Tx, write: AdWrite & { adId: string }) {
  const { adId, body, status } = write;
  const [row] = await tx
    .update(ads)
    .set({
      ...(await submittedAdValues(tx, write)),
      ...(status === 'pending' ? { rejectionReason: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(ads.id, adId))
    .returning();
  await tx
    .update(quizAnswers)
    .set({ correctOptionIndex: body.correctOptionIndex })
    .where(eq(quizAnswers.adId, adId));
  return row!;
}

/**
 * After a submission commits: the receipt mail (best effort) and the ad as its advertiser sees it,
 * not yet delivered.
 */
export async function receiptFor(
  options: { mailer: Mailer; log: Logger; advertiser: UserRow },
  ad: typeof ads.$inferSelect,
  resubmitted: boolean,
) {
  const mailed = await sendMail({
    mailer: options.mailer,
    log: options.log,
    to: options.advertiser.email,
    mail: adReceiptMail({ adTitle: ad.adTitle, resubmitted }),
  });
  return { ad: toAdvertiserAd(ad, { deliveryCount: 0, spend: 0 }), mailed };
}
