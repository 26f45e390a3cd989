import { z } from 'zod';
import { adStatuses, ageBands, genders } from '../constants.ts';
import { day, targetingShape, timestamp } from './common.ts';

/** GET /api/advertiser/pricing: the config in force. The admin's cost is always 0 (house ads). */
export const pricingView = z.strictObject({
  userReward: z.number().int(),
  baseFee: z.number().int(),
  extraTargetingFee: z.number().int(),
  isAdmin: z.boolean(),
});
export type PricingView = z.output<typeof pricingView>;

/** The signed-in advertiser, as the advertiser area needs it. */
export const advertiserMe = z.strictObject({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  cardRegistered: z.boolean(),
  card: z.strictObject({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  /** The operator account: may create house ads at no charge, needs no card. */
  isAdmin: z.boolean(),
});
export type AdvertiserMe = z.output<typeof advertiserMe>;
export const advertiserMeResponse = z.strictObject({ advertiser: advertiserMe });

const advertiserAdShape = {
  id: z.string(),
  adTitle: z.string(),
  adProvider: z.string(),
  adUrl: z.string(),
  quizQuestion: z.string(),
  quizOptions: z.array(z.string()),
  status: z.enum(adStatuses),
  isActive: z.boolean(),
  rejectionReason: z.string().nullable(),
  deliveryCount: z.number().int(),
  maxDeliveries: z.number().int(),
  unitPrice: z.number().int(),
  /** Deliveries so far × their unit price, before tax. */
  spend: z.number().int(),
  createdAt: timestamp,
  ...targetingShape,
};
/** One of the advertiser's own ads (ads-status). Money in yen. */
export const advertiserAd = z.strictObject(advertiserAdShape);
export type AdvertiserAd = z.output<typeof advertiserAd>;
export const advertiserAdResponse = z.strictObject({ ad: advertiserAd });

/** The advertiser's own ad with its correct option, for the edit form. */
export const advertiserAdDetail = z.strictObject({
  ...advertiserAdShape,
  correctOptionIndex: z.number().int(),
});
export type AdvertiserAdDetail = z.output<typeof advertiserAdDetail>;

/** A submitted or resubmitted ad, and whether its receipt mail went out. */
export const submittedAd = z.strictObject({ ad: advertiserAd, mailed: z.boolean() });
export type SubmittedAd = z.output<typeof submittedAd>;

const rate = z.number().min(0).max(1).nullable();
export const adReport = z.strictObject({
  adId: z.string(),
  adTitle: z.string(),
  deliveries: z.number().int(),
  answers: z.number().int(),
  correct: z.number().int(),
  /** Shares of answers, 0–1; null with no answers. */
  correctRate: rate,
  wrongRate: rate,
  /** Seconds from click to answer over answered deliveries; null with no answers. */
  medianSecondsToAnswer: z.number().nullable(),
  averageSecondsToAnswer: z.number().nullable(),
  /** Japan-time days (yyyy-mm-dd) with their deliveries, oldest first, no gaps. */
  deliveriesByDay: z.array(z.strictObject({ date: day, deliveries: z.number().int() })),
  /** Gender × age band of the people who clicked; groups under REPORT_MIN_GROUP are hidden. */
  breakdown: z.array(
    z.strictObject({
      gender: z.enum([...genders, 'unknown']),
      ageBand: z.enum([...ageBands, 'unknown']),
      deliveries: z.number().int(),
      answers: z.number().int(),
      correctRate: rate,
    }),
  ),
  hiddenGroups: z.number().int(),
});
export type AdReport = z.output<typeof adReport>;

/** The payment provider's events: received, and whether one was acted on. */
export const webhookReceipt = z.strictObject({ received: z.literal(true), handled: z.boolean() });
