import type { AdvertiserAdsQuery, AdvertiserDashboardQuery, ReachEstimateBody } from '@quiz-points/shared';

/** Every advertiser-area query sits under 'advertiser', so signing in or out can drop them together. */
export const advertiserKeys = {
  all: ['advertiser'] as const,
  me: ['advertiser', 'me'] as const,
  failedCharges: ['advertiser', 'failed-charges'] as const,
  pricing: ['advertiser', 'pricing'] as const,
  reach: (targeting: ReachEstimateBody) => ['advertiser', 'reach', targeting] as const,
  ads: ['advertiser', 'ads'] as const,
  // Under 'ads': whatever changes an ad (submit, end, raise, pause) refreshes the table's pages too.
  adsPage: (query: AdvertiserAdsQuery) => ['advertiser', 'ads', 'list', query] as const,
  ad: (adId: string) => ['advertiser', 'ads', adId] as const,
  report: (adId: string) => ['advertiser', 'ads', adId, 'report'] as const,
  // Under 'ads': whatever changes an ad (submit, end, raise, pause) refreshes the dashboard too.
  dashboard: (query: AdvertiserDashboardQuery) =>
    ['advertiser', 'ads', 'dashboard', query.range ?? '', query.from ?? '', query.to ?? ''] as const,
};
