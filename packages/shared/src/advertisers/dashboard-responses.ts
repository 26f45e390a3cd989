import { z } from 'zod';
import { adStandingShape, count, day, yen } from '../core/responses.ts';
import { dashboardRanges } from './dashboard.ts';

const rate = z.number().min(0).max(1).nullable();

/** What a range counts, for one ad or the whole account (the sums of the ads' figures). */
const rangeFigures = {
  deliveries: count,
  answers: count,
  correct: count,
  /** Correct answers per answer, 0–1; null with no answers. */
  correctRate: rate,
  /**
   * Before tax, the 10 % tax and with it. An ad's tax is rounded as its report and its invoices
   * round it; the account's is the sum of its ads' (one invoice per ad).
   */
  spend: z.strictObject({ amount: yen, tax: yen, total: yen }),
  /** Spend before tax per answer, in yen (not rounded); null with no answers. */
  costPerAnswer: z.number().nonnegative().nullable(),
};

/**
 * Where an approved ad stands against its cap, its daily budget and its window, and when it will
 * stop at the pace of its last days (today included).
 */
export const adPacing = z.strictObject({
  /** Deliveries over the ad's whole life, and its cap. */
  delivered: count,
  maxDeliveries: count,
  /** Today's deliveries (Japan time), and the most a day may have (null: no daily budget). */
  deliveredToday: count,
  dailyBudget: count.nullable(),
  /** Days of the window left, today included (0 once it is over); null without an end day. */
  daysLeft: count.nullable(),
  /**
   * Deliveries per day over the last PACE_DAYS days (today included; fewer when the ad began
   * later), never more than its daily budget; null before its first delivery.
   */
  perDay: z.number().nonnegative().nullable(),
  /**
   * The Japan-time day it stops at that pace: reaching its cap, or the window's end if that comes
   * first; null when it will not stop (no deliveries, stopped already, or no end in sight).
   */
  projectedEnd: z.strictObject({ date: day, by: z.enum(['cap', 'window']) }).nullable(),
});
export type AdPacing = z.output<typeof adPacing>;

/** One of the account's ads on the dashboard: its range figures and, once approved, its pacing. */
export const dashboardAd = z.strictObject({
  adId: z.string(),
  adTitle: z.string(),
  ...adStandingShape,
  startDate: day.nullable(),
  endDate: day.nullable(),
  /** Its daily budget, and the Japan-time day it last ran out (as the ads list gives them). */
  dailyBudget: count.nullable(),
  dailyBudgetReachedOn: day.nullable(),
  ...rangeFigures,
  pacing: adPacing.nullable(),
});
export type DashboardAd = z.output<typeof dashboardAd>;

const adRef = { adId: z.string(), adTitle: z.string() };
/** Something that needs the advertiser, each with what its page needs to say it. */
export const dashboardAlert = z.discriminatedUnion('kind', [
  /** Invoices whose card charge failed: every ad is held until paid. */
  z.strictObject({ kind: z.literal('paymentFailed'), invoices: count, total: yen }),
  /** Ads waiting for review. */
  z.strictObject({ kind: z.literal('inReview'), ads: count }),
  z.strictObject({ kind: z.literal('rejected'), ...adRef }),
  /** Stopped at its cap, and at NEAR_CAP_SHARE of it or more. */
  z.strictObject({ kind: z.literal('atCap'), ...adRef, delivered: count, maxDeliveries: count }),
  z.strictObject({ kind: z.literal('nearCap'), ...adRef, delivered: count, maxDeliveries: count }),
  /** Today's deliveries reached its daily budget: it is back at midnight, Japan time. */
  z.strictObject({ kind: z.literal('dailyBudgetReached'), ...adRef, dailyBudget: count }),
  /** Its window has WINDOW_ENDING_DAYS days left or fewer, today included. */
  z.strictObject({ kind: z.literal('windowEnding'), ...adRef, endDate: day, daysLeft: count }),
]);
export type DashboardAlert = z.output<typeof dashboardAlert>;

/**
 * GET /api/advertiser/dashboard: the account's ads over a range of Japan-time days, read from the
 * same per-ad figures as each ad's report (a delivery and its spend on the day of the click, an
 * answer on the day it was given), so every total is the sum of the ads' reports. Money in yen.
 */
export const advertiserDashboard = z.strictObject({
  /** The range named in the query, or 'custom' for two days. */
  range: z.enum([...dashboardRanges, 'custom']),
  from: day,
  to: day,
  /** Today in Japan, by the server's clock. */
  today: day,
  totals: z.strictObject(rangeFigures),
  /** Every day of the range, oldest first, quiet days as 0; spend before tax. */
  days: z.array(z.strictObject({ date: day, deliveries: count, answers: count, correct: count, spend: yen })),
  /** Ads with figures in the range or still running (drafts never), most spend first. */
  ads: z.array(dashboardAd),
  alerts: z.array(dashboardAlert),
});
export type AdvertiserDashboard = z.output<typeof advertiserDashboard>;
