/** Every earning query sits under 'earning'. */
export const earningKeys = {
  all: () => ['earning'] as const,
  ads: () => ['earning', 'ads'] as const,
  adQuiz: (adId: string) => ['earning', 'ad-quiz', adId] as const,
  dailyQuiz: () => ['earning', 'daily-quiz', 'today'] as const,
  history: () => ['earning', 'point-history'] as const,
};
