// The shared package's one entry. Each area has a folder (accounts, earning, gifts, advertisers,
// billing, admin, notices, visitors, dev): its words and rules, its request schemas, its endpoints
// (endpoints.ts, reached as api.<area>) and its response schemas (responses.ts); core/ holds what
// every area uses (constants, errors and DomainError, messages, Japan time, the endpoint declaration).
// Areas import core and each other's files, never this index; response types are named here.
export * from './accounts/identity-schemas.ts';
export type {
  MeResponse,
  PhoneVerifyResult,
  ReferralsView,
  SignupResult,
  ZipCodeAddress,
} from './accounts/responses.ts';
export * from './admin/admin-console.ts';
export type {
  AdminAdvertiserAd,
  AdminAdvertiserInvoice,
  AdminAdvertiserOverview,
  AdminAdvertiserSummary,
  AdvertiserSuspensionResult,
} from './admin/advertiser-responses.ts';
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
} from './admin/responses.ts';
export * from './advertisers/ad-console.ts';
export * from './advertisers/ad-field-problems.ts';
export * from './advertisers/ad-images.ts';
export * from './advertisers/ad-reports.ts';
export * from './advertisers/advertisers.ts';
export * from './advertisers/daily-budgets.ts';
export * from './advertisers/dashboard.ts';
export type {
  AdPacing,
  AdvertiserDashboard,
  DashboardAd,
  DashboardAlert,
} from './advertisers/dashboard-responses.ts';
export type {
  AdReport,
  AdvertiserAd,
  AdvertiserAdDetail,
  AdvertiserAdRow,
  AdvertiserAdsPage,
  AdvertiserMe,
  BulkAdsResult,
  PricingView,
} from './advertisers/responses.ts';
export * from './advertisers/running-ads.ts';
export * from './advertisers/targeting.ts';
export * as api from './api.ts';
export * from './billing/invoices.ts';
export * from './billing/payment-failures.ts';
export * from './core/age.ts';
export * from './core/code-labels.ts';
export * from './core/constants.ts';
export * from './core/core-messages.ts';
export * from './core/day-ranges.ts';
export * from './core/endpoint.ts';
export * from './core/errors.ts';
export * from './core/japan-day.ts';
export * from './core/japan-time.ts';
export * from './core/messages.ts';
export * from './core/profile-options.ts';
export * from './core/routes.ts';
export * from './core/schemas.ts';
export * from './core/well-formed-string.ts';
export * from './earning/daily-quiz-schemas.ts';
export * from './earning/earning.ts';
export * from './earning/passbook-months.ts';
export type {
  AdClickResult,
  AdListItem,
  AdListPage,
  AdQuiz,
  AnswerResult,
  DailyQuizToday,
  GachaClaimResult,
  PointHistoryEntry,
  PointHistoryMonth,
  PointHistoryPage,
  PointHistoryPage as PointHistoryResponse,
} from './earning/responses.ts';
export * from './earning/streak.ts';
export type { GiftCodeStockRow, MaskedGiftCode } from './gifts/code-responses.ts';
export * from './gifts/gift-code-csv.ts';
export * from './gifts/gifts.ts';
export type {
  GiftRequestsResponse,
  GiftRequestView,
  GiftType,
  GiftTypesResponse,
  OfferedGiftType,
} from './gifts/responses.ts';
export * from './notices/notices.ts';
