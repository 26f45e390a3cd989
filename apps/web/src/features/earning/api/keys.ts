import type { PointHistoryQuery } from '@quiz-points/shared';

/** The passbook's filter: everything its query takes but the page's cursor. */
export type PointHistoryFilter = Omit<PointHistoryQuery, 'cursor'>;

/** Every earning query sits under 'earning'. */
export const earningKeys = {
  all: () => ['earning'] as const,
  /** Both ad lists (what an answer refreshes). */
  ads: () => ['earning', 'ads'] as const,
  availableAds: () => ['earning', 'ads', 'available'] as const,
  answeredAds: () => ['earning', 'ads', 'answered'] as const,
  adQuiz: (adId: string) => ['earning', 'ad-quiz', adId] as const,
  dailyQuiz: () => ['earning', 'daily-quiz', 'today'] as const,
  /** Every filter's passbook (what a change of points refreshes). */
  history: () => ['earning', 'point-history'] as const,
  historyPages: (filter: PointHistoryFilter) => ['earning', 'point-history', filter] as const,
};
