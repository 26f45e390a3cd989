import { z } from 'zod';
import { ageBands, genders } from '../core/constants.ts';
import { adContentShape, adStandingShape, count, day, timestamp, yen } from '../core/responses.ts';
import { adBulkActions, adListStates } from './ad-console.ts';

/** GET /api/advertiser/pricing: the config in force. The admin's cost is always 0 (house ads). */
export const pricingView = z.strictObject({
  userReward: yen,
  baseFee: yen,
  extraTargetingFee: yen,
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
  ...adContentShape,
  ...adStandingShape,
  rejectionReason: z.string().nullable(),
  deliveryCount: count,
  maxDeliveries: count,
  unitPrice: yen,
  /** Deliveries so far × their unit price, before tax. */
  spend: yen,
  createdAt: timestamp,
  /** The most deliveries in one Japan-time day; null is no daily limit. */
  dailyBudget: count.nullable(),
  /** The Japan-time day the daily budget last ran out on (no more deliveries that day); null if never. */
  dailyBudgetReachedOn: day.nullable(),
};
/** One of the advertiser's own ads (ads-status). Money in yen. */
export const advertiserAd = z.strictObject(advertiserAdShape);
export type AdvertiserAd = z.output<typeof advertiserAd>;
export const advertiserAdResponse = z.strictObject({ ad: advertiserAd });

/**
 * One row of the ads table (GET /api/advertiser/ads): the ad, where it stands (adListStates, the one
 * SQL rule the filter and the status order use) and its answers over its whole life, from the same
 * figures as its report.
 */
export const advertiserAdRow = z.strictObject({
  ...advertiserAdShape,
  state: z.enum(adListStates),
  answers: count,
  correct: count,
});
export type AdvertiserAdRow = z.output<typeof advertiserAdRow>;

/**
 * A page of the ads table: its rows, how many ads the search and filter match and what they delivered
 * and cost, and how many of the searched ads stand in each state (the filter's counts).
 */
export const advertiserAdsPage = z.strictObject({
  ads: z.array(advertiserAdRow),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: count,
  /** The matching ads' deliveries and spend (before tax) over their whole lives. */
  totals: z.strictObject({ deliveries: count, spend: yen }),
  counts: z.strictObject(
    Object.fromEntries(adListStates.map((state) => [state, count])) as Record<
      (typeof adListStates)[number],
      typeof count
    >,
  ),
});
export type AdvertiserAdsPage = z.output<typeof advertiserAdsPage>;

/** POST /api/advertiser/ads/bulk: which of the chosen ads it changed, and which were so already. */
export const bulkAdsResult = z.strictObject({
  action: z.enum(adBulkActions),
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
});
export type BulkAdsResult = z.output<typeof bulkAdsResult>;

/** The advertiser's own ad with its correct option, for the edit form. */
export const advertiserAdDetail = z.strictObject({
  ...advertiserAdShape,
  correctOptionIndex: z.number().int(),
});
export type AdvertiserAdDetail = z.output<typeof advertiserAdDetail>;

/**
 * POST /api/advertiser/reach-estimate: about how many members the targeting reaches, rounded
 * (roundReach in targeting.ts); under the threshold only that it is fewer.
 */
export const reachEstimate = z.strictObject({
  estimate: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('fewer'), than: z.number().int() }),
    z.strictObject({ kind: z.literal('about'), members: z.number().int() }),
  ]),
});

/** A submitted or resubmitted ad, and whether its receipt mail went out. */
export const submittedAd = z.strictObject({ ad: advertiserAd, mailed: z.boolean() });
export type SubmittedAd = z.output<typeof submittedAd>;

const rate = z.number().min(0).max(1).nullable();
/**
 * GET /api/advertiser/ads/:adId/report: one ad's figures over a range of Japan-time days
 * (docs/decisions/021-ad-reports.md, 024-console-figures.md). Deliveries and spend count on the day of
 * the click, answers (and correct answers, options, times) on the day of the answer, so a day may
 * count more answers than deliveries. Money in yen.
 */
export const adReport = z.strictObject({
  adId: z.string(),
  adTitle: z.string(),
  /** The range reported, both days included: the one asked for, or the default. */
  from: day,
  to: day,
  /** The ad's unit price now (a delivery is billed at the price it was made at). */
  unitPrice: yen,
  deliveries: count,
  answers: count,
  correct: count,
  /** Shares of answers, 0–1; null with no answers. */
  correctRate: rate,
  wrongRate: rate,
  /** The range's spend as an invoice would bill it: before tax, the 10 % tax (rounded), with tax. */
  spend: z.strictObject({ amount: yen, tax: yen, total: yen }),
  /**
   * Seconds from click to answer over the range's answers: median and 90th percentile over whole
   * seconds, the average exact; null with no answers.
   */
  secondsToAnswer: z.strictObject({
    median: z.number().nullable(),
    average: z.number().nullable(),
    p90: z.number().nullable(),
  }),
  /** Every day of the range, oldest first, quiet days as 0. Spend before tax. */
  days: z.array(z.strictObject({ date: day, deliveries: count, answers: count, correct: count, spend: yen })),
  /** Every option of the quiz in its order (1-based), with how many chose it and their share. */
  options: z.array(
    z.strictObject({
      option: z.number().int().positive(),
      text: z.string(),
      isCorrect: z.boolean(),
      answers: count,
      share: rate,
    }),
  ),
  /**
   * Gender × age band of the people who clicked, as their profile was at the click (an answer counts
   * in its delivery's group); groups under REPORT_MIN_GROUP deliveries are hidden.
   */
  breakdown: z.array(
    z.strictObject({
      gender: z.enum([...genders, 'unknown']),
      ageBand: z.enum([...ageBands, 'unknown']),
      deliveries: count,
      answers: count,
      correctRate: rate,
    }),
  ),
  hiddenGroups: count,
});
export type AdReport = z.output<typeof adReport>;

/** The payment provider's events: received, and whether one was acted on. */
export const webhookReceipt = z.strictObject({ received: z.literal(true), handled: z.boolean() });
