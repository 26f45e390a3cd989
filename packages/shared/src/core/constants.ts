/** Business constants from SPEC §9; values that SPEC-NOTES makes configurable live in the database. */
export const AD_WAIT_SECONDS = 30;
export const GACHA_ROLL_MS = 2500;
export const MINIMUM_AGE = 18;
export const GIFT_MINIMUM_POINTS = 1000;
/** The gift-code inventory: a type and amount with fewer available codes than this is low on the hub. */
export const GIFT_CODE_LOW_STOCK = 10;
/** The most codes one upload may load (a file of them fits the 64 KB body limit). */
export const GIFT_CODES_PER_UPLOAD = 1000;
export const DEFAULT_MAX_DELIVERIES = 100;
/** The largest cap an ad may have (and so the largest daily budget). */
export const MAX_DELIVERIES_LIMIT = 1_000_000;
export const COPYRIGHT_YEAR = 2025;

export const limits = {
  adTitle: 50,
  adProvider: 15,
  quizQuestion: 150,
  dailyQuizExplanation: 300,
  optionsMin: 2,
  optionsMax: 5,
  zipCode: 7,
  referralCode: 8,
  smsCodeDigits: 6,
} as const;

/**
 * How often one caller may do a thing: at most `limit` times in a fixed window of `windowSeconds`,
 * counted in the database so the limit holds across instances (the server's consumeRateLimit and the
 * hot statements' qp_count_rate_limit_hit). A member clicks and answers well within theirs.
 */
export const rateLimits = {
  adClick: { limit: 120, windowSeconds: 3600 },
  adAnswer: { limit: 240, windowSeconds: 3600 },
  /** Google sign-ins started from one address. */
  signInStart: { limit: 300, windowSeconds: 600 },
  /** An advertiser's image uploads. */
  adImageUpload: { limit: 30, windowSeconds: 3600 },
} as const;

export const demoQuiz = {
  question: 'デモ広告で紹介されていた「クイズポイント」で、ポイントをもらえるタイミングはどれでしょう？',
  options: ['広告ページを開いた直後', '広告ページを30秒以上見てクイズに回答したとき', 'ログアウトしたとき'],
  correctOption: 2,
  correctPoints: 10,
  wrongPoints: 1,
} as const;

export const genders = ['male', 'female', 'other'] as const;
export const ageBands = ['10s', '20s', '30s', '40s', '50s', '60s'] as const;
export const roles = ['user', 'advertiser'] as const;

/**
 * The values of the database's status and kind columns (SPEC §4), each checked by a constraint
 * there and typed by the Drizzle schema from these lists.
 */
/** An ad is kept as a `draft` until its advertiser submits it for review (`pending`). */
export const adStatuses = ['draft', 'pending', 'approved', 'rejected'] as const;
/**
 * Why an approved ad is held back from delivery while it keeps its place: its advertiser
 * paused it, the advertiser's payment failed, or the admin suspended the advertiser. An ad delivers only
 * with no hold (and inside its schedule); a hold does not end it, and lifting the last one resumes it.
 */
export const adHolds = ['paused', 'billing', 'suspended'] as const;
/** Whether a member has children, as profile targeting names it. */
export const childrenTargets = ['with', 'without'] as const;
export const giftStatuses = ['pending', 'issued', 'rejected'] as const;
/** A loaded gift code: in stock, given to one request, or taken out of stock by the admin. */
export const giftCodeStatuses = ['available', 'issued', 'withdrawn'] as const;
/** An invoice is written `charging`, then charged; see apps/server/src/db/schema.ts `invoices`. */
export const invoiceStatuses = ['charging', 'charged', 'carried_over', 'failed', 'no_charge'] as const;
/** The reasons that are points earned (a day with one keeps the member's streak going); not refunds or adjustments. */
export const earningReasons = [
  'signup_bonus',
  'referral_friend',
  'referral_referrer',
  'ad_quiz',
  'gacha',
  'daily_quiz',
] as const;
/** Why points moved (the ledger's reason); with its cause, a reason moves points once. */
export const ledgerReasons = [
  ...earningReasons,
  'gift_request',
  'gift_refund',
  'withdrawal_forfeit',
  'admin_adjustment',
] as const;
/** What the admin did, as recorded in the admin audit. */
export const adminActions = [
  'suspend',
  'unsuspend',
  'approve_ad',
  'reject_ad',
  'issue_gift',
  'reject_gift',
  'create_daily_quiz',
  'update_daily_quiz',
  'load_gift_codes',
  'withdraw_gift_code',
  'post_notice',
  'update_notice',
  'retry_invoice',
] as const;
export const suspensionActions = ['suspend', 'unsuspend'] as const satisfies readonly AdminAction[];

export type Gender = (typeof genders)[number];
export type AgeBand = (typeof ageBands)[number];
export type Role = (typeof roles)[number];
export type AdStatus = (typeof adStatuses)[number];
export type GiftStatus = (typeof giftStatuses)[number];
export type GiftCodeStatus = (typeof giftCodeStatuses)[number];
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export type LedgerReason = (typeof ledgerReasons)[number];
export type AdminAction = (typeof adminActions)[number];

/** The error code Google sign-in returns with when the address belongs to an advertiser account. */
export const EMAIL_USED_BY_ADVERTISER = 'email_used_by_advertiser';
