import { z } from 'zod';
import { memberProfile } from '../accounts/responses.ts';
import { adminActions, ledgerReasons } from '../core/constants.ts';
import { adContentShape, count, day, timestamp, yen } from '../core/responses.ts';
import { giftCodeStockRow } from '../gifts/code-responses.ts';
import { giftRequestView } from '../gifts/responses.ts';
import { settingSchemas } from './admin-console.ts';

/** `GET /api/admin/summary`: what waits for the admin (the hub). */
export const adminSummary = z.strictObject({
  pendingAds: count,
  pendingGifts: count,
  /** Gift types and amounts whose code stock is low (the hub warns). */
  lowGiftCodeStock: z.array(giftCodeStockRow),
});
export type AdminSummary = z.output<typeof adminSummary>;

export const adminUserSummary = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['user', 'advertiser']),
  points: z.number().int(),
  isSuspended: z.boolean(),
  isWithdrawn: z.boolean(),
  createdAt: timestamp,
});
export type AdminUserSummary = z.output<typeof adminUserSummary>;
/** Where the next page starts (its `cursor`), null when this page is the last. */
export const nextCursor = z.string().nullable();

export const adminUserList = z.strictObject({ users: z.array(adminUserSummary), nextCursor });

/** One admin action (here: a suspension or its lifting), as the admin audit keeps it. */
export const adminAuditEntry = z.strictObject({
  id: z.number().int(),
  action: z.enum(adminActions),
  reason: z.string().nullable(),
  /** The admin's e-mail. */
  actedBy: z.string(),
  actedAt: timestamp,
});
export type AdminAuditEntry = z.output<typeof adminAuditEntry>;

export const adminUserOverview = z.strictObject({
  user: z.strictObject({
    ...adminUserSummary.shape,
    ...memberProfile.pick({ birthDate: true, gender: true, prefecture: true, city: true, occupation: true })
      .shape,
    banReason: z.string().nullable(),
    isVerified: z.boolean(),
    lastLoginAt: timestamp.nullable(),
    referralCode: z.string().nullable(),
    referredBy: z.string().nullable(),
    activeSessions: z.number().int(),
  }),
  ledger: z.array(
    z.strictObject({
      id: z.number().int(),
      points: z.number().int(),
      memo: z.string(),
      reason: z.enum(ledgerReasons),
      createdAt: timestamp,
    }),
  ),
  giftRequests: z.array(giftRequestView),
  suspensions: z.array(adminAuditEntry),
});
export type AdminUserOverview = z.output<typeof adminUserOverview>;

export const suspensionResult = z.strictObject({ suspended: z.boolean(), signedOut: z.number().int() });

/** `GET /api/admin/ads/pending`: an ad as users will see it, plus what only the reviewer sees. */
export const pendingAd = z.strictObject({
  id: z.string(),
  /** The advertiser's display name; null for the operator's house ads. */
  advertiser: z.string().nullable(),
  ...adContentShape,
  correctOptionIndex: z.number().int().nullable(),
  userReward: z.number().int(),
  unitPrice: yen,
  maxDeliveries: count,
  createdAt: timestamp,
});
export type PendingAd = z.output<typeof pendingAd>;
/** A page of the review queue; `total`: how many pending ads the search matches in all. */
export const pendingAdList = z.strictObject({ ads: z.array(pendingAd), nextCursor, total: count });

export const adminDailyQuiz = z.strictObject({
  publishDate: z.string(),
  quizQuestion: z.string(),
  quizOptions: z.array(z.string()),
  correctOptionIndex: z.number().int(),
  explanation: z.string().nullable(),
  answers: z.number().int(),
  correctRate: z.number().nullable(),
});
export type AdminDailyQuiz = z.output<typeof adminDailyQuiz>;
export const adminDailyQuizList = z.strictObject({ quizzes: z.array(adminDailyQuiz) });
export const dailyQuizSaved = z.strictObject({ publishDate: z.string() });

/** `GET /api/admin/reward-check`: one of the person's quiz responses, newest first. */
export const rewardCheckRow = z.strictObject({
  adId: z.string().nullable(),
  adTitle: z.string().nullable(),
  dailyQuizId: z.string().nullable(),
  clickedAt: timestamp.nullable(),
  answeredAt: timestamp.nullable(),
  isCorrect: z.boolean().nullable(),
  rewardGiven: z.boolean(),
  pointsAwarded: z.number().int(),
});
export type RewardCheckRow = z.output<typeof rewardCheckRow>;
export const rewardCheckResult = z.strictObject({ responses: z.array(rewardCheckRow) });

export const settingsAuditEntry = z.strictObject({
  id: z.number().int(),
  key: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  changedBy: z.string(),
  changedAt: timestamp,
});
export type SettingsAuditEntry = z.output<typeof settingsAuditEntry>;

export const adminSettingsView = z.strictObject({
  values: z.strictObject(settingSchemas),
  audit: z.array(settingsAuditEntry),
});
export type AdminSettingsView = z.output<typeof adminSettingsView>;

/** One setting after `PUT /api/admin/settings/:key`; its value as that key's schema has it. */
export const settingUpdated = z.strictObject({
  key: z.enum(Object.keys(settingSchemas) as [keyof typeof settingSchemas]),
  value: z.union(Object.values(settingSchemas)),
  changed: z.boolean(),
});

export const dailyPoint = z.strictObject({
  /** Japan-time day, yyyy-mm-dd. */
  day,
  value: z.number(),
});
export type DailyPoint = z.output<typeof dailyPoint>;

const series = z.array(dailyPoint);
export const adminDashboard = z.strictObject({
  /** The Japan-time days shown, yyyy-mm-dd, both included, and how many they are. */
  from: day,
  to: day,
  days: z.number().int(),
  signups: series,
  activeUsers: series,
  pointsIssued: series,
  pointsRedeemed: series,
  deliveries: series,
  /** Yen before tax: each delivery at the price it was charged. */
  revenue: series,
  pageViews: series,
  pageViewsByPath: z.array(z.strictObject({ path: z.string(), views: z.number().int() })),
  liability: z.strictObject({ balances: z.number().int(), pendingRequests: z.number().int() }),
  waitingGifts: z.strictObject({
    count,
    oldestHours: z.number().nullable(),
    overdue: count,
    dueToday: count,
  }),
});
export type AdminDashboard = z.output<typeof adminDashboard>;

export const pendingGiftRequest = z.strictObject({
  ...giftRequestView.shape,
  userId: z.string(),
  email: z.string(),
  risk: z.strictObject({
    phoneVerified: z.boolean(),
    accountAgeDays: z.number().int(),
    earnedLast7Days: z.number().int(),
    withdrawnBefore: z.boolean(),
  }),
});
export type PendingGiftRequest = z.output<typeof pendingGiftRequest>;
/** A page of the pending requests; `total`: how many the search matches in all. */
export const pendingGiftRequestList = z.strictObject({
  requests: z.array(pendingGiftRequest),
  nextCursor,
  total: count,
});
