import {
  adHolds,
  adminActions,
  adStatuses,
  annualIncomes,
  childrenTargets,
  genders,
  giftCodeStatuses,
  giftStatuses,
  invoiceStatuses,
  ledgerReasons,
  maritalStatuses,
  occupations,
  prefectures,
  roles,
} from '@quiz-points/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A check that a list column holds only values of the shared list (an empty list passes). */
const allOf = (column: AnyColumn, values: readonly string[]): SQL =>
  sql`${column} <@ array[${sql.raw(values.map((value) => `'${value}'`).join(', '))}]::text[]`;

/** A check that a column holds one of the shared list's values (the list also types the column). */
const oneOf = (column: AnyColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

export type TargetGender = { male: boolean; female: boolean; other: boolean };
/**
 * An ad's banner image as stored: its WebP files in the image storage, each named by its
 * content's SHA-256, narrowest first; `width` and `height` are the widest file's.
 */
export type StoredAdImage = {
  width: number;
  height: number;
  files: { width: number; height: number; name: string }[];
};
export type TargetAgeRange = {
  '10s': boolean;
  '20s': boolean;
  '30s': boolean;
  '40s': boolean;
  '50s': boolean;
  '60s': boolean;
};

/**
 * People: general users and advertisers (SPEC §3 User). The first columns are the ones the
 * authentication library expects; the rest are the product's. A withdrawn user's row stays, with
 * personal data removed, so the ledger and gift requests keep their owner for accounting.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    role: text('role', { enum: roles }).notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    emailHash: text('email_hash').notNull(),
    points: integer('points').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    phoneHash: text('phone_hash'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    referralCode: varchar('referral_code', { length: 8 }),
    referredBy: varchar('referred_by', { length: 8 }),
    birthDate: date('birth_date'),
    gender: text('gender', { enum: genders }),
    zipCode: varchar('zip_code', { length: 7 }),
    prefecture: text('prefecture'),
    city: text('city'),
    maritalStatus: text('marital_status', { enum: maritalStatuses }),
    hasChildren: boolean('has_children'),
    occupation: text('occupation', { enum: occupations }),
    annualIncome: text('annual_income', { enum: annualIncomes }),
    lastDailyClaim: timestamp('last_daily_claim', { withTimezone: true }),
    lastDailyQuizId: varchar('last_daily_quiz_id', { length: 8 }),
    cardRegistered: boolean('card_registered').notNull().default(false),
    displayName: text('display_name'),
    /** An advertiser's company name and address for invoices (null: not given). */
    companyName: text('company_name'),
    companyAddress: text('company_address'),
    signupCompletedAt: timestamp('signup_completed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * The member's run of Japan-time days with points earned (earningReasons), kept by the ledger
     * (domain/points/ledger.sql): how many days in a row, through the last of them.
     */
    earningStreakDays: integer('earning_streak_days').notNull().default(0),
    earningStreakLastDay: date('earning_streak_last_day'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    uniqueIndex('users_phone_hash_key').on(t.phoneHash),
    index('users_email_hash_idx').on(t.emailHash),
    // Birthdays by day of the year, for the daily move of the reach cells (0013_reach_cells.sql).
    index('users_birth_month_day_idx')
      .on(sql`(extract(month from ${t.birthDate}) * 100 + extract(day from ${t.birthDate}))`)
      .where(sql`${t.birthDate} is not null`),
    index('users_signup_time_idx').on(t.signupCompletedAt).where(sql`${t.signupCompletedAt} is not null`),
    // The admin's searches (migration 0014): part of an e-mail, newest first, and the advertiser list.
    index('users_email_trgm_idx').using('gin', sql`qp_email_trigram_text(${t.email}) gin_trgm_ops`),
    // `desc` in a query puts nulls first: the indexes say so too, or they cannot give its order.
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_advertisers_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.role} = 'advertiser' and ${t.withdrawnAt} is null`),
    // A member's invitees, newest first (the friends page; 0018_console_counts.sql).
    index('users_referred_by_idx')
      .on(t.referredBy, t.createdAt.desc().nullsFirst())
      .where(sql`${t.referredBy} is not null`),
    check('users_points_non_negative', sql`${t.points} >= 0`),
    check('users_role_valid', oneOf(t.role, roles)),
    check('users_gender_valid', sql`${t.gender} is null or ${oneOf(t.gender, genders)}`),
    check(
      'users_marital_status_valid',
      sql`${t.maritalStatus} is null or ${oneOf(t.maritalStatus, maritalStatuses)}`,
    ),
    check('users_zip_code_format', sql`${t.zipCode} is null or ${t.zipCode} ~ '^[0-9]{7}$'`),
    check('users_occupation_valid', sql`${t.occupation} is null or ${oneOf(t.occupation, occupations)}`),
    check(
      'users_annual_income_valid',
      sql`${t.annualIncome} is null or ${oneOf(t.annualIncome, annualIncomes)}`,
    ),
  ],
);

/** Sign-in sessions, kept in the database so every app instance sees them. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [
    uniqueIndex('auth_sessions_token_key').on(t.token),
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Linked sign-in methods: the Google (OIDC) subject, or an advertiser's password hash. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('auth_accounts_provider_account_key').on(t.providerId, t.accountId),
    index('auth_accounts_user_idx').on(t.userId),
  ],
);

/** One-time values of the authentication library (e-mail verification, password reset, OAuth state). */
export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('auth_verifications_identifier_idx').on(t.identifier),
    index('auth_verifications_expires_idx').on(t.expiresAt),
  ],
);

/** SPEC §3 Ad. Prices in force at creation are stored on the ad. */
export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advertiserId: text('advertiser_id').references(() => users.id),
    adProvider: varchar('ad_provider', { length: 15 }).notNull(),
    adUrl: text('ad_url').notNull(),
    adTitle: varchar('ad_title', { length: 50 }).notNull(),
    quizQuestion: varchar('quiz_question', { length: 150 }).notNull(),
    quizOptions: jsonb('quiz_options').$type<string[]>().notNull(),
    userReward: integer('user_reward').notNull(),
    baseFee: integer('base_fee').notNull().default(0),
    extraTargetingFee: integer('extra_targeting_fee').notNull().default(0),
    unitPrice: integer('unit_price').notNull(),
    /** The cap. What has been delivered is counted by ad_deliveries; what is left, by adDeliverySlots. */
    maxDeliveries: integer('max_deliveries').notNull().default(100),
    status: text('status', { enum: adStatuses }).notNull().default('pending'),
    isActive: boolean('is_active').notNull().default(false),
    targetGender: jsonb('target_gender')
      .$type<TargetGender>()
      .notNull()
      .default({ male: false, female: false, other: false }),
    targetAgeRange: jsonb('target_age_range')
      .$type<TargetAgeRange>()
      .notNull()
      .default({ '10s': false, '20s': false, '30s': false, '40s': false, '50s': false, '60s': false }),
    /**
     * Profile targeting: an empty list means everyone; otherwise the member's own profile
     * value must be in it (a member who left it blank is not matched).
     */
    targetPrefectures: text('target_prefectures').array().notNull().default(sql`'{}'::text[]`),
    targetOccupations: text('target_occupations').array().notNull().default(sql`'{}'::text[]`),
    targetIncomes: text('target_incomes').array().notNull().default(sql`'{}'::text[]`),
    targetMaritalStatuses: text('target_marital_statuses').array().notNull().default(sql`'{}'::text[]`),
    /** 'with' or 'without' children (childrenTargets). */
    targetChildren: text('target_children').array().notNull().default(sql`'{}'::text[]`),
    /** The delivery window (Japan-time dates turned into instants); null is open-ended. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** What holds the ad back from delivery (adHolds); empty when it may deliver. */
    holds: text('holds').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The most deliveries in one Japan-time day; null is no daily limit. What is left today
     * is counted by adDaySlots; an approved ad's budget changes only through qp_set_ad_daily_budget.
     */
    dailyBudget: integer('daily_budget'),
    /** The Japan-time day the daily budget ran out on: the ad list leaves the ad out for that day. */
    dailyBudgetReachedOn: date('daily_budget_reached_on', { mode: 'string' }),
    rejectionReason: text('rejection_reason'),
    /** The banner image; null without one. */
    image: jsonb('image').$type<StoredAdImage>(),
    isHouseAd: boolean('is_house_ad').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ads_listing_idx').on(t.status, t.isActive, t.userReward.desc(), t.createdAt.desc()),
    index('ads_advertiser_idx').on(t.advertiserId, t.createdAt.desc()),
    check('ads_status_valid', oneOf(t.status, adStatuses)),
    check('ads_url_http', sql`${t.adUrl} ~ '^https?://'`),
    check('ads_options_count', sql`jsonb_array_length(${t.quizOptions}) between 2 and 5`),
    check('ads_reward_positive', sql`${t.userReward} > 0`),
    check(
      'ads_prices_non_negative',
      sql`${t.unitPrice} >= 0 and ${t.baseFee} >= 0 and ${t.extraTargetingFee} >= 0`,
    ),
    check('ads_max_deliveries_positive', sql`${t.maxDeliveries} > 0`),
    check(
      'ads_daily_budget_within_cap',
      sql`${t.dailyBudget} is null or (${t.dailyBudget} > 0 and ${t.dailyBudget} <= ${t.maxDeliveries})`,
    ),
    check('ads_active_only_when_approved', sql`not ${t.isActive} or ${t.status} = 'approved'`),
    check(
      'ads_window_order',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
    check('ads_holds_valid', allOf(t.holds, adHolds)),
    check(
      'ads_image_shape',
      sql`${t.image} is null or (jsonb_typeof(${t.image}) = 'object' and jsonb_array_length(${t.image}->'files') > 0)`,
    ),
    check('ads_target_prefectures_valid', allOf(t.targetPrefectures, prefectures)),
    check('ads_target_occupations_valid', allOf(t.targetOccupations, occupations)),
    check('ads_target_incomes_valid', allOf(t.targetIncomes, annualIncomes)),
    check('ads_target_marital_statuses_valid', allOf(t.targetMaritalStatuses, maritalStatuses)),
    check('ads_target_children_valid', allOf(t.targetChildren, childrenTargets)),
  ],
);

/**
 * What an approved ad may still deliver, spread over a few rows: a click takes one unit
 * from any row no other click holds, so clicks on a popular ad rarely wait on each other. The rows
 * of an ad always hold maxDeliveries minus its deliveries (domain/ads/ad-delivery.sql keeps them so,
 * and qp_click_ad takes from them).
 */
export const adDeliverySlots = pgTable(
  'ad_delivery_slots',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    remaining: integer('remaining').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.slot] }),
    check('ad_delivery_slots_remaining_non_negative', sql`${t.remaining} >= 0`),
  ],
);

/**
 * What a budgeted ad may still deliver on one Japan-time day, spread over as many rows as
 * its delivery slots: each row's share of the daily budget (allowance) and what it has left of the day
 * it last delivered on. A click takes one unit from a row no other click holds; the first click of a
 * new day to take a row starts it again from its allowance (domain/ads/click-ad.sql).
 */
export const adDaySlots = pgTable(
  'ad_day_slots',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    /** The Japan-time day `remaining` counts for; null before the slot's first delivery. */
    day: date('day', { mode: 'string' }),
    allowance: integer('allowance').notNull(),
    remaining: integer('remaining').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.slot] }),
    check(
      'ad_day_slots_remaining_within_allowance',
      sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.allowance}`,
    ),
  ],
);

/**
 * One number that changes whenever any ad changes (a trigger on ads bumps it): an instance keeps
 * each targeting segment's ad list while the number stays the same (domain/ads/list-ads-for-user.ts).
 */
export const adCatalogue = pgTable(
  'ad_catalogue',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('ad_catalogue_single_row', sql`${t.id} = 1`)],
);

/** SPEC §3 QuizAnswer: the correct option, apart from the ad so no user-facing read can reach it. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    correctOptionIndex: smallint('correct_option_index').notNull(),
    uid: text('uid'),
  },
  (t) => [check('quiz_answers_index_range', sql`${t.correctOptionIndex} between 1 and 5`)],
);

/** SPEC §3 Daily quiz, keyed by its Japan-time publish date (yyyymmdd). */
export const dailyQuizzes = pgTable(
  'daily_quizzes',
  {
    publishDate: varchar('publish_date', { length: 8 }).primaryKey(),
    quizQuestion: varchar('quiz_question', { length: 150 }).notNull(),
    quizOptions: jsonb('quiz_options').$type<string[]>().notNull(),
    correctOptionIndex: smallint('correct_option_index').notNull(),
    explanation: varchar('explanation', { length: 300 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('daily_quizzes_date_format', sql`${t.publishDate} ~ '^[0-9]{8}$'`),
    check('daily_quizzes_options_count', sql`jsonb_array_length(${t.quizOptions}) between 2 and 5`),
    check(
      'daily_quizzes_index_range',
      sql`${t.correctOptionIndex} between 1 and jsonb_array_length(${t.quizOptions})`,
    ),
  ],
);

/**
 * SPEC §3 Quiz response. One row per person (e-mail hash) and ad, or per person and daily quiz.
 * A null answered_at is the spec's "opened but not answered" marker.
 */
export const quizResponses = pgTable(
  'quiz_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    emailHash: text('email_hash').notNull(),
    adId: uuid('ad_id').references(() => ads.id),
    dailyQuizId: varchar('daily_quiz_id', { length: 8 }).references(() => dailyQuizzes.publishDate),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    selectedOption: smallint('selected_option'),
    isCorrect: boolean('is_correct'),
    rewardGiven: boolean('reward_given').notNull().default(false),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quiz_responses_person_ad_key').on(t.emailHash, t.adId),
    uniqueIndex('quiz_responses_person_daily_key').on(t.emailHash, t.dailyQuizId),
    index('quiz_responses_user_idx').on(t.userId, t.createdAt.desc()),
    // Each daily quiz's answers and correct ones, counted from the index alone (the admin's list).
    index('quiz_responses_daily_quiz_idx')
      .on(t.dailyQuizId, t.isCorrect)
      .where(sql`${t.dailyQuizId} is not null`),
    // An ad's answers by time: the figures of the days not rolled up yet (domain/figures).
    index('quiz_responses_ad_answer_idx')
      .on(t.adId, t.answeredAt)
      .where(sql`${t.adId} is not null and ${t.answeredAt} is not null`),
    // The person's ads by answer, newest first, the unanswered (null) ones ahead of them: the ad
    // list finds what is opened but not answered, and the answered list pages, in one index range.
    index('quiz_responses_person_answer_idx')
      .on(t.emailHash, t.answeredAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.adId} is not null`),
    // The operator's figures of the open days (domain/analytics/site-day-figures-sql.ts).
    index('quiz_responses_time_idx')
      .using('brin', t.createdAt, t.clickedAt, t.answeredAt)
      .with({ autosummarize: true }),
    check('quiz_responses_one_subject', sql`(${t.adId} is null) <> (${t.dailyQuizId} is null)`),
    check('quiz_responses_points_non_negative', sql`${t.pointsAwarded} >= 0`),
  ],
);

/** Billable click-throughs (SPEC §9 "charged once per click"); an invoice bills those of its stretch of time. */
export const adDeliveries = pgTable(
  'ad_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    unitPrice: integer('unit_price').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    // The invoice that claimed it, for invoices written before migration 0023 only: since then an
    // invoice bills a stretch of time (invoices.billed_from … billed_until) and no delivery is written
    // when it is billed. No foreign key (migration 0020).
    invoiceId: uuid('invoice_id'),
    /** The member's gender and age band at the click (null: not given), the report's audience. */
    gender: text('gender'),
    ageBand: text('age_band'),
  },
  (t) => [
    index('ad_deliveries_ad_time_idx').on(t.adId, t.deliveredAt),
    index('ad_deliveries_time_idx').using('brin', t.deliveredAt).with({ autosummarize: true }),
    uniqueIndex('ad_deliveries_ad_user_key').on(t.adId, t.userId),
  ],
);

/** SPEC §3 Deleted user: who withdrew, by e-mail hash, so bonuses and referrals are not granted again. */
export const deletedUsers = pgTable(
  'deleted_users',
  {
    uid: text('uid').primaryKey(),
    emailHash: text('email_hash').notNull(),
    phoneHash: text('phone_hash'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deleted_users_email_hash_idx').on(t.emailHash),
    index('deleted_users_phone_hash_idx').on(t.phoneHash).where(sql`${t.phoneHash} is not null`),
  ],
);

/** SPEC §3 Material request, keyed by e-mail. */
export const materialRequests = pgTable('material_requests', {
  email: text('email').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  requestCount: integer('request_count').notNull().default(1),
});

/** SPEC §3 Pricing config: a single row, edited by the admin. */
export const pricingConfig = pgTable(
  'pricing_config',
  {
    id: smallint('id').primaryKey().default(1),
    userReward: integer('user_reward').notNull(),
    baseFee: integer('base_fee').notNull(),
    extraTargetingFee: integer('extra_targeting_fee').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('pricing_config_single_row', sql`${t.id} = 1`),
    check(
      'pricing_config_non_negative',
      sql`${t.userReward} > 0 and ${t.baseFee} >= 0 and ${t.extraTargetingFee} >= 0`,
    ),
  ],
);

/** Other settings the admin edits (gacha table, daily-quiz points, gift types), as JSON by key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Who changed which setting, when, from what to what. Admin actions on people: adminAudit. */
export const settingsAudit = pgTable('settings_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: text('key').notNull(),
  oldValue: jsonb('old_value'),
  newValue: jsonb('new_value').notNull(),
  changedBy: text('changed_by').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the admin did (suspensions, ad reviews, gift settlements, daily quizzes), to what, why and
 * when, written in the action's own transaction. `target_id` is what the action was about: the
 * user for a suspension, the ad, the gift request, the daily quiz's date (yyyymmdd).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action', { enum: adminActions }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    actedBy: text('acted_by').notNull(),
    actedAt: timestamp('acted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_target_idx').on(t.targetId, t.actedAt.desc()),
    check('admin_audit_action_valid', oneOf(t.action, adminActions)),
  ],
);

/** SPEC §3 Gift request. */
export const giftRequests = pgTable(
  'gift_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    giftType: text('gift_type').notNull().default('不明'),
    pointsUsed: integer('points_used').notNull().default(0),
    status: text('status', { enum: giftStatuses }).notNull().default('pending'),
    giftCode: text('gift_code'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: text('settled_by'),
  },
  (t) => [
    index('gift_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('gift_requests_status_idx').on(t.status, t.createdAt),
    index('gift_requests_settled_idx').on(t.settledAt).where(sql`${t.status} = 'issued'`),
    check('gift_requests_status_valid', oneOf(t.status, giftStatuses)),
    check('gift_requests_points_non_negative', sql`${t.pointsUsed} >= 0`),
  ],
);

/**
 * The gift-code inventory: codes the admin loaded for a gift type and amount, each
 * encrypted at rest (AES-256-GCM under GIFT_CODE_KEY, domain/gifts/gift-code-cipher.ts); only the
 * last four characters are kept in clear, for the admin's masked view. `fingerprint`, a keyed hash
 * of the code as people read it (letter case and hyphens aside), refuses a code loaded twice;
 * `fingerprint_version` 1 marks one written before that, of the code as loaded, which the next load
 * computes again (migrations/0019_trust.sql). An exchange takes one available code inside its own
 * statement (qp_take_gift_code, domain/gifts/request-gift.sql), so a code goes to one request:
 * `gift_request_id` is unique, and set exactly when the code is issued.
 */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    giftType: text('gift_type').notNull(),
    amount: integer('amount').notNull(),
    codeCiphertext: text('code_ciphertext').notNull(),
    fingerprint: text('fingerprint').notNull(),
    fingerprintVersion: smallint('fingerprint_version').notNull().default(2),
    last4: text('last4').notNull(),
    status: text('status', { enum: giftCodeStatuses }).notNull().default('available'),
    giftRequestId: uuid('gift_request_id').references(() => giftRequests.id),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
    loadedBy: text('loaded_by').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: text('withdrawn_by'),
  },
  (t) => [
    uniqueIndex('gift_codes_fingerprint_key').on(t.fingerprint),
    uniqueIndex('gift_codes_request_key').on(t.giftRequestId),
    index('gift_codes_stock_idx').on(t.giftType, t.amount, t.id).where(sql`${t.status} = 'available'`),
    index('gift_codes_old_fingerprint_idx').on(t.id).where(sql`${t.fingerprintVersion} = 1`),
    check('gift_codes_status_valid', oneOf(t.status, giftCodeStatuses)),
    check('gift_codes_amount_positive', sql`${t.amount} > 0`),
    check(
      'gift_codes_issued_to_one_request',
      sql`(${t.status} = 'issued') = (${t.giftRequestId} is not null)`,
    ),
  ],
);

/**
 * お知らせ: the admin posts a notice shown to signed-in people from `starts_on` to
 * `ends_on` (Japan-time dates, both included). Who has read which: noticeReads.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    postedBy: text('posted_by').notNull(),
    /** How many people have read it: kept by triggers on notice_reads (0018_console_counts.sql). */
    readCount: integer('read_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notices_window_idx').on(t.startsOn, t.endsOn),
    check('notices_window_valid', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

/**
 * SPEC §3 Point transaction: the ledger. Written only by the ledger module, in the same
 * transaction as the balance. (user, reason, ref) is unique so a cause can credit only once.
 */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
    memo: text('memo').notNull(),
    reason: text('reason', { enum: ledgerReasons }).notNull(),
    ref: text('ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_transactions_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('point_transactions_time_idx').using('brin', t.createdAt).with({ autosummarize: true }),
    uniqueIndex('point_transactions_cause_key').on(t.userId, t.reason, t.ref),
    check('point_transactions_non_zero', sql`${t.points} <> 0`),
    check('point_transactions_reason_valid', oneOf(t.reason, ledgerReasons)),
  ],
);

/** The payment provider's customer and card for an advertiser. */
export const advertiserBilling = pgTable('advertiser_billing', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  providerCustomerId: text('provider_customer_id').notNull(),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: varchar('card_last4', { length: 4 }),
  registeredAt: timestamp('registered_at', { withTimezone: true }),
});

/**
 * One invoice per ad and billing month (yyyymm); unique so a run twice bills once. An invoice is
 * written as `charging` with the deliveries of its stretch of time summed, then charged with its id as the idempotency
 * key, then marked `charged`; a run that finds one still `charging` (a crash in between) retries
 * the charge with the same key, so the provider charges it once.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id),
    advertiserId: text('advertiser_id')
      .notNull()
      .references(() => users.id),
    period: varchar('period', { length: 6 }).notNull(),
    deliveries: integer('deliveries').notNull(),
    unitPrice: integer('unit_price').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    carriedIn: integer('carried_in').notNull().default(0),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    /** When the invoice first failed to charge (its advertiser is mailed once); kept after it is paid. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The qualified invoice's parties as they were when it was written (null before migration 0009). */
    issuerName: text('issuer_name'),
    issuerRegistrationNumber: text('issuer_registration_number'),
    recipientName: text('recipient_name'),
    recipientAddress: text('recipient_address'),
    /**
     * The stretch of time it bills (migration 0023, docs/decisions/034-invoice-stretches.md): its ad's
     * deliveries with billed_from <= delivered_at < billed_until; billed_from is the end of the ad's
     * previous invoice ('-infinity' for its first), billed_until the end of the billed month. An invoice
     * written before 0023 claimed its deliveries by ad_deliveries.invoice_id instead (billed_until its
     * month's end; billed_from null, except on an ad's latest such invoice when deliveries before its
     * end were still unclaimed: then the earliest of them, so that the next invoice bills them).
     */
    billedFrom: timestamp('billed_from', { withTimezone: true }),
    billedUntil: timestamp('billed_until', { withTimezone: true }),
    /**
     * What its own stretch held when it was written: the deliveries, and the yen before tax of those it
     * billed (all of them, but on the migrated invoice above, which billed none: it claimed its own).
     * Its deliveries and subtotal add the late ones, those of the previous invoice's stretch committed
     * after that was written. Null when nothing is checked for late deliveries after it (an invoice
     * before 0023, apart from the one above).
     */
    stretchDeliveries: integer('stretch_deliveries'),
    stretchSubtotal: integer('stretch_subtotal'),
  },
  (t) => [
    uniqueIndex('invoices_ad_period_key').on(t.adId, t.period),
    // No two invoices of an ad bill from the same instant: two runs that read the same previous invoice
    // (of different months, say) cannot both bill the stretch after it.
    uniqueIndex('invoices_ad_from_key').on(t.adId, t.billedFrom),
    index('invoices_advertiser_idx').on(t.advertiserId, t.period.desc()),
    index('invoices_failed_idx').on(t.advertiserId).where(sql`${t.status} = 'failed'`),
    check('invoices_status_valid', oneOf(t.status, invoiceStatuses)),
    check('invoices_amounts_non_negative', sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0`),
  ],
);

/** PostgreSQL's bytea, read as bytes (node-postgres gives a Buffer, which is a Uint8Array; PGlite a Uint8Array). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Each invoice's PDF as last made (docs/decisions/043-stored-invoice-pdfs.md): made at its first
 * download and kept with a digest of everything it shows (`madeFrom`), so a later download sends the
 * stored file, and one whose invoice has changed since (its status, say) makes it again. One row per
 * invoice at most, gone with its invoice.
 */
export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  madeFrom: text('made_from').notNull(),
  pdf: bytes('pdf').notNull(),
  createdAt: createdAt(),
});

/** Payment-provider webhook events already handled (by event id), so a redelivery changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Card-setup sessions of the local payment stand-in (development and tests only). */
export const devPaymentSessions = pgTable('dev_payment_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  status: text('status').notNull().default('open'),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: varchar('card_last4', { length: 4 }),
  /** The stand-in's declining test card (4000 0000 0000 0002) was entered: its charges fail. */
  cardDeclines: boolean('card_declines').notNull().default(false),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: createdAt(),
});

/** Charges made through the local payment stand-in; the idempotency key makes a retry a no-op. */
export const devPaymentCharges = pgTable(
  'dev_payment_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    customerId: text('customer_id').notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    /** `open` while its card declines (a later attempt may pay it), then `paid`, once. */
    status: text('status').notNull().default('paid'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dev_payment_charges_idempotency_key').on(t.idempotencyKey)],
);

/**
 * First-party page views (SPEC-NOTES "Analytics"). Partitioned by Japan-time month on viewed_at,
 * which Drizzle cannot declare: migrations/0016_page_view_partitions.sql makes the partitions, and
 * the prune job adds and drops months (domain/maintenance/keep-page-view-months.ts). The key holds
 * viewed_at because a partitioned table's keys must hold its partition key.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    path: text('path').notNull(),
    userId: text('user_id'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.viewedAt] }), index('page_views_time_idx').on(t.viewedAt)],
);

/**
 * Which Japan-time days each rollup has written (domain/figures/closed-days.ts): every day up to
 * through_day is in its table, and later days are read live from the raw rows.
 */
export const figureRollups = pgTable('figure_rollups', {
  name: text('name').primaryKey(),
  /** Null until the rollup writes its first day. */
  throughDay: date('through_day', { mode: 'string' }),
});

/**
 * Each closed Japan-time day of each ad (domain/figures/roll-up-ad-figures.ts): deliveries and spend
 * by the day of the click; answers, correct answers, answers per option ({"2": 5}) and time from
 * click to answer (whole seconds {"31": 4}, and the exact sum in milliseconds) by the day of the answer.
 */
export const adDayFigures = pgTable(
  'ad_day_figures',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id),
    day: date('day', { mode: 'string' }).notNull(),
    deliveries: integer('deliveries').notNull(),
    spend: integer('spend').notNull(),
    maxUnitPrice: integer('max_unit_price'),
    answers: integer('answers').notNull(),
    correct: integer('correct').notNull(),
    answerMs: bigint('answer_ms', { mode: 'number' }).notNull(),
    optionAnswers: jsonb('option_answers').$type<Record<string, number>>().notNull(),
    answerSeconds: jsonb('answer_seconds').$type<Record<string, number>>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'ad_day_figures_pkey', columns: [t.adId, t.day] }),
    // A month of many ads' deliveries and spend read from the index alone (ad-deliveries-since.ts).
    index('ad_day_figures_deliveries_idx').on(t.adId, t.day, t.deliveries, t.spend, t.maxUnitPrice),
  ],
);

/** The same days by the deliveries' gender and age band at the click ('unknown' when not given). */
export const adDayAudiences = pgTable(
  'ad_day_audiences',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id),
    day: date('day', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    ageBand: text('age_band').notNull(),
    deliveries: integer('deliveries').notNull(),
    answers: integer('answers').notNull(),
    correct: integer('correct').notNull(),
  },
  (t) => [primaryKey({ name: 'ad_day_audiences_pkey', columns: [t.adId, t.day, t.gender, t.ageBand] })],
);

/** Each ad's deliveries and spend over its rolled-up days, kept by the transaction that writes a day. */
export const adFigureTotals = pgTable('ad_figure_totals', {
  adId: uuid('ad_id')
    .primaryKey()
    .references(() => ads.id),
  deliveries: bigint('deliveries', { mode: 'number' }).notNull(),
  spend: bigint('spend', { mode: 'number' }).notNull(),
});

/**
 * Members (qp_is_member, not suspended) per profile cell on `reachCellState.asOf`, for the reach
 * estimate (migrations/0013_reach_cells.sql, docs/decisions/026-reach-cells.md). `level` is the bit set
 * of the profile values a row keeps (1 prefecture, 2 occupation, 4 income, 8 marital status,
 * 16 children); the others are summed over and null. A trigger on users keeps the cells current.
 */
export const reachCells = pgTable(
  'reach_cells',
  {
    level: smallint('level').notNull(),
    prefecture: text('prefecture'),
    occupation: text('occupation'),
    annualIncome: text('annual_income'),
    maritalStatus: text('marital_status'),
    hasChildren: boolean('has_children'),
    gender: text('gender'),
    ageBand: text('age_band').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    unique('reach_cells_key')
      .on(
        t.level,
        t.prefecture,
        t.occupation,
        t.annualIncome,
        t.maritalStatus,
        t.hasChildren,
        t.gender,
        t.ageBand,
      )
      .nullsNotDistinct(),
  ],
);

/** The Japan-time day the reach cells count members on (one row), moved by the daily recount. */
export const reachCellState = pgTable(
  'reach_cell_state',
  {
    id: smallint('id').primaryKey().default(1),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('reach_cell_state_one_row', sql`${t.id} = 1`)],
);

/** A day's operator figures, as the closed days keep them and the open days so far. */
const siteFigureColumns = () => ({
  day: date('day', { mode: 'string' }).primaryKey(),
  signups: integer('signups').notNull(),
  activeMembers: integer('active_members').notNull(),
  pointsIssued: bigint('points_issued', { mode: 'number' }).notNull(),
  pointsRedeemed: bigint('points_redeemed', { mode: 'number' }).notNull(),
  deliveries: integer('deliveries').notNull(),
  revenue: bigint('revenue', { mode: 'number' }).notNull(),
  pageViews: integer('page_views').notNull(),
  ledgerNet: bigint('ledger_net', { mode: 'number' }).notNull(),
});

/** A day's page views of one path, closed or open. */
const sitePageViewColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  path: text('path').notNull(),
  views: integer('views').notNull(),
});

/** A day's ledger entries and points (absolute) of one reason and direction, closed or open. */
const siteLedgerColumns = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  reason: text('reason', { enum: ledgerReasons }).notNull(),
  direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
  entries: integer('entries').notNull(),
  points: bigint('points', { mode: 'number' }).notNull(),
});

/**
 * The operator's figures of each closed Japan-time day, written once by the roll-up-site-figures job
 * (domain/analytics/roll-up-site-figures.ts). `ledger_net` is the day's ledger total, from which the
 * dashboard's points liability is summed.
 */
export const siteDayFigures = pgTable('site_day_figures', siteFigureColumns());

/**
 * Page views of each closed Japan-time day by path, written with site_day_figures; `rank` is the
 * path's place that day (1: most viewed; ties by path), so a range's leaders are found by index.
 */
export const siteDayPageViews = pgTable(
  'site_day_page_views',
  { ...sitePageViewColumns(), rank: integer('rank').notNull() },
  (t) => [
    primaryKey({ columns: [t.day, t.path] }),
    index('site_day_page_views_rank_idx').on(t.day, t.rank),
    index('site_day_page_views_path_idx').on(t.path, t.day),
  ],
);

/**
 * The open days' figures (after through_day: normally today) from their start up to `through_at`,
 * the same on every row; the roll-up-site-figures job moves it on, adding only the rows since.
 */
export const siteOpenDayFigures = pgTable('site_open_day_figures', {
  ...siteFigureColumns(),
  throughAt: timestamp('through_at', { withTimezone: true }).notNull(),
});

/** The open days' page views by path, up to the same `through_at`. */
export const siteOpenDayPageViews = pgTable('site_open_day_page_views', sitePageViewColumns(), (t) => [
  primaryKey({ columns: [t.day, t.path] }),
]);

/** Who was active on each open day up to `through_at`: later rows count only people not yet here. */
export const siteOpenDayMembers = pgTable(
  'site_open_day_members',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * The ledger's entries and points (absolute) of each closed Japan-time day by reason and direction
 * (credit: points > 0, or debit), written with site_day_figures; /metrics sums them.
 */
export const siteDayLedger = pgTable('site_day_ledger', siteLedgerColumns(), (t) => [
  primaryKey({ columns: [t.day, t.reason, t.direction] }),
]);

/** The open days' ledger by reason and direction, up to site_open_day_figures' `through_at`. */
export const siteOpenDayLedger = pgTable('site_open_day_ledger', siteLedgerColumns(), (t) => [
  primaryKey({ columns: [t.day, t.reason, t.direction] }),
]);

/**
 * The balances of withdrawn accounts that hold points (a refund after withdrawal); a trigger on
 * users keeps it (domain/analytics/site-figures.sql), so the points liability needs no scan of users.
 */
export const withdrawnBalances = pgTable('withdrawn_balances', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  points: integer('points').notNull(),
});

/** Fixed-window rate-limit counters, shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartedAt)],
);

/** Mail captured by the local mail stand-in (development and tests only). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_sent_idx').on(t.sentAt)],
);

/** A code sent by SMS to confirm a phone number; only hashes are stored. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneHash: text('phone_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('phone_verifications_user_idx').on(t.userId, t.createdAt.desc())],
);

/** SMS captured by the local SMS stand-in (development and tests only). */
export const devSmsOutbox = pgTable(
  'dev_sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_sms_outbox_sent_idx').on(t.sentAt)],
);

/** Test accounts of the local OpenID Connect provider that stands in for Google. */
export const devIdentities = pgTable(
  'dev_identities',
  {
    sub: text('sub').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dev_identities_email_key').on(t.email)],
);
