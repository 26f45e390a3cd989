/** Every admin query sits under 'admin', so a review can refresh the hub's counts with the lists. */
export const adminKeys = {
  all: ['admin'] as const,
  summary: ['admin', 'summary'] as const,
  pendingAds: ['admin', 'pending-ads'] as const,
  giftRequests: ['admin', 'gift-requests'] as const,
  giftCodes: ['admin', 'gift-codes'] as const,
  giftCodeStock: ['admin', 'gift-codes', 'stock'] as const,
  giftCodeList: (giftType: string, amount: number) => ['admin', 'gift-codes', giftType, amount] as const,
  dailyQuizzes: ['admin', 'daily-quizzes'] as const,
  notices: ['admin', 'notices'] as const,
  settings: ['admin', 'settings'] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  users: ['admin', 'users'] as const,
  userSearch: (q: string) => ['admin', 'users', 'search', q] as const,
  user: (userId: string) => ['admin', 'users', userId] as const,
  rewardCheck: (email: string) => ['admin', 'reward-check', email] as const,
};
