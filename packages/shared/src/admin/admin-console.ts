import { z } from 'zod';
import '../core/zod-config.ts';
import { dayRangeCheck } from '../advertisers/ad-reports.ts';
import { GIFT_MINIMUM_POINTS } from '../core/constants.ts';
import { dayRangeShape } from '../core/day-ranges.ts';
import { messages } from '../core/messages.ts';
import { emailSchema } from '../core/schemas.ts';
import { wellFormedString } from '../core/well-formed-string.ts';
import { rejectGiftBody } from '../gifts/gifts.ts';

const invalid = { error: messages.allFieldsRequired };

/** The shortest user search: a trigram's length (userSearchQuery). */
export const USER_SEARCH_MIN_LENGTH = 3;
const wholeNumber = (min: number, max: number) =>
  z.number(invalid).int(invalid).min(min, invalid).max(max, invalid);

/** SPEC §3 Pricing config, in yen per delivery. The user reward is what a correct answer earns. */
export const pricingSetting = z.strictObject(
  {
    userReward: wholeNumber(1, 100_000),
    baseFee: wholeNumber(0, 100_000),
    extraTargetingFee: wholeNumber(0, 100_000),
  },
  invalid,
);

/** The weighted gacha table: at least one entry, each with positive points and weight. */
export const gachaTableSetting = z
  .array(
    z.strictObject({ points: wholeNumber(1, 10_000), weight: wholeNumber(1, 1_000_000) }, invalid),
    invalid,
  )
  .min(1, invalid)
  .max(20, invalid);

/** Daily quiz points for a right and a wrong answer. */
export const dailyQuizPointsSetting = z.strictObject(
  {
    correct: wholeNumber(1, 10_000),
    wrong: wholeNumber(1, 10_000),
  },
  invalid,
);

/** Gift types offered for exchange: at least one, each with distinct amounts from the 1,000 Pt minimum. */
export const giftTypesSetting = z
  .array(
    z.strictObject(
      {
        id: wellFormedString(invalid).regex(/^[a-z0-9-]{1,30}$/, invalid),
        label: wellFormedString(invalid).trim().min(1, invalid).max(50, invalid),
        amounts: z
          .array(wholeNumber(GIFT_MINIMUM_POINTS, 1_000_000), invalid)
          .min(1, invalid)
          .max(10, invalid)
          .refine((amounts) => new Set(amounts).size === amounts.length, invalid),
      },
      invalid,
    ),
    invalid,
  )
  .min(1, invalid)
  .max(10, invalid)
  .refine((types) => new Set(types.map((type) => type.id)).size === types.length, invalid);

/** Every setting the admin edits, by key; `PUT /api/admin/settings/:key` takes `{ value }`. */
export const settingSchemas = {
  pricing: pricingSetting,
  gachaTable: gachaTableSetting,
  dailyQuizPoints: dailyQuizPointsSetting,
  giftTypes: giftTypesSetting,
} as const;
export type SettingKey = keyof typeof settingSchemas;
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];
export type SettingValues = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };

/** Suspend or reinstate a user; either way with a reason, which is kept in the audit. */
export const suspensionBody = z.strictObject({
  suspended: z.boolean(invalid),
  reason: wellFormedString({ error: messages.suspensionReasonRequired })
    .trim()
    .min(1, { error: messages.suspensionReasonRequired })
    .max(300, { error: messages.suspensionReasonRequired }),
});
export type SuspensionBody = z.infer<typeof suspensionBody>;

/** Where the next page of an admin list starts: the last row's id (a person's, or an ad's or request's uuid). */
const cursorInvalid = { error: messages.historyCursorInvalid };
const personCursor = wellFormedString(cursorInvalid).min(1, cursorInvalid).max(200, cursorInvalid);
const rowCursor = z.uuid(cursorInvalid);

/**
 * The admin's user search: a user id, an e-mail or part of one. Part of an address needs 3
 * characters: the search reads a trigram index, and a shorter fragment has no trigram. Beyond the
 * first page, `cursor` is the last person listed.
 */
export const userSearchQuery = z.strictObject({
  q: wellFormedString({ error: messages.userSearchQueryRequired })
    .trim()
    .min(1, { error: messages.userSearchQueryRequired })
    .min(USER_SEARCH_MIN_LENGTH, { error: messages.userSearchQueryTooShort })
    .max(254, { error: messages.userSearchQueryRequired }),
  cursor: personCursor.optional(),
});

/** The reward check's query: one e-mail address (the hash finds withdrawn people too). */
export const rewardCheckQuery = z.strictObject({ email: emailSchema });

/** Rejecting an ad in review: a reason, mailed to the advertiser (the same rule as a gift request's). */
export const rejectAdBody = rejectGiftBody;

/**
 * The dashboard's Japan-time days: `from` to `to` (both or neither, at most a year), or else the last
 * `days` up to today, where anything but 7 to 90 (missing, repeated, out of range) shows 30.
 */
export const dashboardQuery = z
  .object({ days: z.coerce.number().int().min(7).max(90).catch(30).optional(), ...dayRangeShape })
  .superRefine(dayRangeCheck);

/**
 * The advertiser list: words the server sends. The list's own screen words live in the
 * web's admin feature.
 */
export const advertiserConsoleMessages = {
  notFound: '広告主が見つかりません。',
  /** A suspended advertiser's sign-in: why, and whom to contact (the footer's お問い合わせ). */
  signInSuspended:
    'この広告主アカウントは運営により利用停止されているため、ログインできません。再開のご相談は、ページ下部の「お問い合わせ」から運営事務局までご連絡ください。',
  searchInvalid: '検索語は1〜254文字で入力してください。',
  /** The members' suspension refuses an advertiser: only the advertiser list also stops their ads. */
  suspendOnAdvertiserPage:
    '広告主の利用停止は「広告主・利用停止」のページから行ってください（配信も止まります）。',
} as const;

/** Words to look for in an admin list: optional, but something when given. */
const searchWords = wellFormedString({ error: advertiserConsoleMessages.searchInvalid })
  .trim()
  .min(1, { error: advertiserConsoleMessages.searchInvalid })
  .max(254, { error: advertiserConsoleMessages.searchInvalid })
  .optional();

/**
 * The advertiser list's search: part of an e-mail, a name or a company name. Without `q` it lists
 * everyone; a `q` given must hold something. Beyond the first page, `cursor` is the last one listed.
 */
export const advertiserSearchQuery = z.strictObject({ q: searchWords, cursor: personCursor.optional() });
export type AdvertiserSearchQuery = z.infer<typeof advertiserSearchQuery>;

/** The review queue: every pending ad, or those whose title, provider or advertiser holds `q`; a page at a time. */
export const pendingAdsQuery = z.strictObject({ q: searchWords, cursor: rowCursor.optional() });
export type PendingAdsQuery = z.infer<typeof pendingAdsQuery>;

/** The pending gift requests: all, or those whose person's e-mail holds `q`; a page at a time. */
export const pendingGiftRequestsQuery = z.strictObject({ q: searchWords, cursor: rowCursor.optional() });
export type PendingGiftRequestsQuery = z.infer<typeof pendingGiftRequestsQuery>;
