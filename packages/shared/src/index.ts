export * from './ad-console.ts';
export * from './ad-field-problems.ts';
export * from './ad-images.ts';
export * from './ad-reports.ts';
export * from './admin-console.ts';
export * from './advertiser-dashboard.ts';
export * from './advertisers.ts';
export * from './age.ts';
export * from './api/endpoint.ts';
export * as api from './api/index.ts';
export * from './code-labels.ts';
export * from './constants.ts';
export * from './core-messages.ts';
export * from './daily-budgets.ts';
export * from './daily-quiz-schemas.ts';
export * from './day-ranges.ts';
export * from './earning.ts';
export * from './errors.ts';
export * from './gifts.ts';
export * from './identity-schemas.ts';
export * from './invoices.ts';
export * from './japan-day.ts';
export * from './japan-time.ts';
export * from './member-responses.ts';
export * from './messages.ts';
export * from './notices.ts';
export * from './payment-failures.ts';
export * from './profile-options.ts';
export type {
  AdminAuditEntry,
  AdminDashboard,
  AdminSettingsView,
  AdminSummary,
  AdminUserOverview,
  AdminUserSummary,
  DailyPoint,
  PendingAd,
  PendingGiftRequest,
  RewardCheckRow,
  SettingsAuditEntry,
} from './responses/admin.ts';
export type {
  AdminAdvertiserAd,
  AdminAdvertiserInvoice,
  AdminAdvertiserOverview,
  AdminAdvertiserSummary,
  AdvertiserSuspensionResult,
} from './responses/admin-advertisers.ts';
export type {
  AdPacing,
  AdvertiserDashboard,
  DashboardAd,
  DashboardAlert,
} from './responses/advertiser-dashboard.ts';
// Response types, named at the root where their area's words and rules are (the areas import them
// from responses/, never the other way round).
export type {
  AdReport,
  AdvertiserAd,
  AdvertiserAdDetail,
  AdvertiserAdRow,
  AdvertiserAdsPage,
  AdvertiserMe,
  BulkAdsResult,
  PricingView,
} from './responses/advertisers.ts';
export type { GiftCodeStockRow, MaskedGiftCode } from './responses/gift-codes.ts';
export type { GiftRequestView, GiftType, OfferedGiftType } from './responses/member.ts';
export * from './routes.ts';
export * from './running-ads.ts';
export * from './schemas.ts';
export * from './targeting.ts';
export * from './well-formed-string.ts';
