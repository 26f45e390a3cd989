/** Every advertiser-area query sits under 'advertiser', so signing in or out can drop them together. */
export const advertiserKeys = {
  all: ['advertiser'] as const,
  me: ['advertiser', 'me'] as const,
  pricing: ['advertiser', 'pricing'] as const,
  ads: ['advertiser', 'ads'] as const,
  ad: (adId: string) => ['advertiser', 'ads', adId] as const,
  report: (adId: string) => ['advertiser', 'ads', adId, 'report'] as const,
};
