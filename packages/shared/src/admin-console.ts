import { z } from 'zod';
import './zod-config.ts';
import type { Targeting } from './advertisers.ts';
import { type AdminAction, GIFT_MINIMUM_POINTS, type LedgerReason } from './constants.ts';
import { type GiftRequestView, rejectGiftBody } from './gifts.ts';
import { messages } from './messages.ts';
import { emailSchema } from './schemas.ts';
import { wellFormedString } from './well-formed-string.ts';

const invalid = { error: messages.allFieldsRequired };
const wholeNumber = (min: number, max: number) =>
  z.number(invalid).int(invalid).min(min, invalid).max(max, invalid);

/** SPEC §3 Pricing config, in yen per delivery. The user reward is what a correct answer earns. */
export const pricingSetting = z.strictObject(
  {
    userReward: wholeNumber(1, 100_000),
    baseFee: wholeNumber(0, 100_000),
    extraTargetingFee: wholeNumber(0, 100_000),
  },
  invalid,
);

/** The weighted gacha table: at least one entry, each with positive points and weight. */
export const gachaTableSetting = z
  .array(
    z.strictObject({ points: wholeNumber(1, 10_000), weight: wholeNumber(1, 1_000_000) }, invalid),
    invalid,
  )
  .min(1, invalid)
  .max(20, invalid);

/** Daily quiz points for a right and a wrong answer. */
export const dailyQuizPointsSetting = z.strictObject(
  {
    correct: wholeNumber(1, 10_000),
    wrong: wholeNumber(1, 10_000),
  },
  invalid,
);

/** Gift types offered for exchange: at least one, each with distinct amounts from the 1,000 Pt minimum. */
export const giftTypesSetting = z
  .array(
    z.strictObject(
      {
        id: wellFormedString(invalid).regex(/^[a-z0-9-]{1,30}$/, invalid),
        label: wellFormedString(invalid).trim().min(1, invalid).max(50, invalid),
        amounts: z
          .array(wholeNumber(GIFT_MINIMUM_POINTS, 1_000_000), invalid)
          .min(1, invalid)
          .max(10, invalid)
          .refine((amounts) => new Set(amounts).size === amounts.length, invalid),
      },
      invalid,
    ),
    invalid,
  )
  .min(1, invalid)
  .max(10, invalid)
  .refine((types) => new Set(types.map((type) => type.id)).size === types.length, invalid);

/** Every setting the admin edits, by key; `PUT /api/admin/settings/:key` takes `{ value }`. */
export const settingSchemas = {
  pricing: pricingSetting,
  gachaTable: gachaTableSetting,
  dailyQuizPoints: dailyQuizPointsSetting,
  giftTypes: giftTypesSetting,
} as const;
export type SettingKey = keyof typeof settingSchemas;
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];
export type SettingValues = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };

export interface SettingsAuditEntry {
  id: number;
  key: string;
  oldValue: unknown;
  newValue: unknown;
  changedBy: string;
  changedAt: string;
}

/** One admin action (here: a suspension or its lifting), as the admin audit keeps it. */
export interface AdminAuditEntry {
  id: number;
  action: AdminAction;
  reason: string | null;
  /** The admin's e-mail. */
  actedBy: string;
  actedAt: string;
}

export interface AdminSettingsView {
  values: SettingValues;
  audit: SettingsAuditEntry[];
}

/** Suspend or reinstate a user; either way with a reason, which is kept in the audit. */
export const suspensionBody = z.strictObject({
  suspended: z.boolean(invalid),
  reason: wellFormedString({ error: messages.suspensionReasonRequired })
    .trim()
    .min(1, { error: messages.suspensionReasonRequired })
    .max(300, { error: messages.suspensionReasonRequired }),
});
export type SuspensionBody = z.infer<typeof suspensionBody>;

export const userSearchQuery = z.strictObject({
  q: wellFormedString({ error: messages.userSearchQueryRequired })
    .trim()
    .min(1, { error: messages.userSearchQueryRequired })
    .max(254, { error: messages.userSearchQueryRequired }),
});

/** The reward check's query: one e-mail address (the hash finds withdrawn people too). */
export const rewardCheckQuery = z.strictObject({ email: emailSchema });

/** Rejecting an ad in review: a reason, mailed to the advertiser (the same rule as a gift request's). */
export const rejectAdBody = rejectGiftBody;

/** `GET /api/admin/reward-check`: one of the person's quiz responses, newest first. */
export interface RewardCheckRow {
  adId: string | null;
  adTitle: string | null;
  dailyQuizId: string | null;
  clickedAt: string | null;
  answeredAt: string | null;
  isCorrect: boolean | null;
  rewardGiven: boolean;
  pointsAwarded: number;
}

/** `GET /api/admin/summary`: what waits for the admin (the hub). */
export interface AdminSummary {
  pendingAds: number;
  pendingGifts: number;
}

/** `GET /api/admin/ads/pending`: an ad as users will see it, plus what only the reviewer sees. */
export interface PendingAd extends Targeting {
  id: string;
  /** The advertiser's display name; null for the operator's house ads. */
  advertiser: string | null;
  adProvider: string;
  adTitle: string;
  adUrl: string;
  quizQuestion: string;
  quizOptions: string[];
  correctOptionIndex: number | null;
  userReward: number;
  unitPrice: number;
  maxDeliveries: number;
  createdAt: string;
}

/** The dashboard's period in days; anything else (missing, repeated, out of range) shows 30. */
export const dashboardQuery = z.object({ days: z.coerce.number().int().min(7).max(90).catch(30) });

export interface AdminUserSummary {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'advertiser';
  points: number;
  isSuspended: boolean;
  isWithdrawn: boolean;
  createdAt: string;
}

export interface AdminUserOverview {
  user: AdminUserSummary & {
    banReason: string | null;
    isVerified: boolean;
    lastLoginAt: string | null;
    birthDate: string | null;
    gender: string | null;
    prefecture: string | null;
    city: string | null;
    occupation: string | null;
    referralCode: string | null;
    referredBy: string | null;
    activeSessions: number;
  };
  ledger: { id: number; points: number; memo: string; reason: LedgerReason; createdAt: string }[];
  giftRequests: GiftRequestView[];
  suspensions: AdminAuditEntry[];
}

export interface DailyPoint {
  /** Japan-time day, yyyy-mm-dd. */
  day: string;
  value: number;
}

export interface AdminDashboard {
  days: number;
  signups: DailyPoint[];
  activeUsers: DailyPoint[];
  pointsIssued: DailyPoint[];
  pointsRedeemed: DailyPoint[];
  deliveries: DailyPoint[];
  /** Yen before tax: each delivery at the price it was charged. */
  revenue: DailyPoint[];
  pageViews: DailyPoint[];
  pageViewsByPath: { path: string; views: number }[];
  liability: { balances: number; pendingRequests: number };
  waitingGifts: { count: number; oldestHours: number | null; overdue: number; dueToday: number };
}
