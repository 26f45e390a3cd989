/**
 * Documented defaults (docs/decisions/004-defaults.md). They are seeded into the database, where
 * the admin edits them; code reads the database, never these constants, after seeding.
 */
export const defaultPricing = { id: 1, userReward: 10, baseFee: 20, extraTargetingFee: 5 };

export const defaultSettings = {
  /** Expected value: 0.40×1 + 0.30×3 + 0.20×5 + 0.09×10 + 0.01×50 = 3.7 Pt per day. */
  gachaTable: [
    { points: 1, weight: 40 },
    { points: 3, weight: 30 },
    { points: 5, weight: 20 },
    { points: 10, weight: 9 },
    { points: 50, weight: 1 },
  ],
  dailyQuizPoints: { correct: 5, wrong: 1 },
  /** Two destinations, so the choice shows; the admin edits them. */
  giftTypes: [
    { id: 'amazon', label: 'Amazonギフトカード', amounts: [1000, 3000, 5000, 10000] },
    { id: 'quo', label: 'QUOカードPay', amounts: [1000, 3000, 5000] },
  ],
};
