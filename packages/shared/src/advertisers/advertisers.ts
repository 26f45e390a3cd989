import { z } from 'zod';
import '../core/zod-config.ts';
import { companyFields } from '../billing/invoices.ts';
import { ageBands, genders, type InvoiceStatus, limits, MAX_DELIVERIES_LIMIT } from '../core/constants.ts';
import { messages } from '../core/messages.ts';
import { wellFormedString } from '../core/well-formed-string.ts';
import type { TargetAgeRange, TargetGender } from '../earning/earning.ts';
import { dailyBudgetCheck, dailyBudgetShape } from './daily-budgets.ts';
import { adScheduleShape, scheduleCheck, scheduleProblem, startProblem } from './running-ads.ts';
import {
  noProfileTargeting,
  type ProfileTargeting,
  type ProfileTargetingField,
  profileTargetingShape,
} from './targeting.ts';

/** SPEC §3 Pricing config: the values in force, in yen. */
export interface Pricing {
  userReward: number;
  baseFee: number;
  extraTargetingFee: number;
}

/** Who an ad targets: gender and age boxes, and the profile lists (none used = everyone). */
export interface Targeting extends ProfileTargeting {
  targetGender: TargetGender;
  targetAgeRange: TargetAgeRange;
}

/** What pricing reads of a targeting: which boxes are ticked and which lists are filled (an ad row too). */
export type PricedTargeting = Pick<Targeting, 'targetGender' | 'targetAgeRange'> &
  Record<ProfileTargetingField, readonly string[]>;

/**
 * The targetings that each add one extra targeting fee, in the ad form's order, with the word for
 * each: SPEC §9's gender and age, and the five profile lists. The price below counts them, and
 * every text that explains the price lists them from here (extraTargetingFeeRule).
 */
export const feeTargetings = [
  { field: 'targetGender', name: '性別' },
  { field: 'targetAgeRange', name: '年代' },
  { field: 'targetPrefectures', name: '都道府県' },
  { field: 'targetOccupations', name: '職業' },
  { field: 'targetIncomes', name: '年収' },
  { field: 'targetMaritalStatuses', name: '婚姻状況' },
  { field: 'targetChildren', name: '子どもの有無' },
] as const satisfies readonly { field: keyof PricedTargeting; name: string }[];

/** A dimension is used when any of its boxes is ticked (gender, age) or its list holds any value. */
const isUsed = (choice: Readonly<Record<string, boolean>> | readonly string[]) =>
  Array.isArray(choice) ? choice.length > 0 : Object.values(choice).some(Boolean);

/**
 * How many of the fee's targeting dimensions (feeTargetings) an ad uses, however many values each
 * holds.
 */
export function targetingDimensionsUsed(targeting: PricedTargeting): number {
  return feeTargetings.filter(({ field }) => isUsed(targeting[field])).length;
}

/** The extra targeting fee's rule in words, listing feeTargetings: what the settings and forms say. */
export const extraTargetingFeeRule = `${feeTargetings.map(({ name }) => name).join('・')}のうち、絞り込みに使った項目ごとに1回分加算されます（1項目の中でいくつ選んでも1回分）。`;

/**
 * SPEC §9: per-delivery cost = user reward + base fee, plus one extra targeting fee for any gender
 * filter and one for any age filter (however many boxes are ticked); and one more for each
 * profile dimension used, the same way (docs/decisions/020-profile-targeting.md).
 */
export function perDeliveryCost(pricing: Pricing, targeting: PricedTargeting): number {
  const extras = targetingDimensionsUsed(targeting) * pricing.extraTargetingFee;
  return pricing.userReward + pricing.baseFee + extras;
}

/** SPEC §9: total = floor(cost × maxDeliveries × 1.1) yen with tax, in integers (no float error). */
export function totalWithTax(costPerDelivery: number, maxDeliveries: number): number {
  return Math.floor((costPerDelivery * maxDeliveries * 11) / 10);
}

/** SPEC §9 billing: 10 % consumption tax, rounded to the nearest yen (half up), in integers. */
export function consumptionTax(amount: number): number {
  return Math.floor((amount + 5) / 10);
}

const invalid = { error: messages.allFieldsRequired };
const requiredText = (max: number) => wellFormedString(invalid).trim().min(1, invalid).max(max, invalid);

export const targetGenderSchema = z.strictObject(
  Object.fromEntries(genders.map((g) => [g, z.boolean(invalid)])) as Record<
    (typeof genders)[number],
    z.ZodBoolean
  >,
  invalid,
);
export const targetAgeRangeSchema = z.strictObject(
  Object.fromEntries(ageBands.map((b) => [b, z.boolean(invalid)])) as Record<
    (typeof ageBands)[number],
    z.ZodBoolean
  >,
  invalid,
);

/** An ad for everyone: no gender and no age band ticked, every profile list empty. */
export const noTargeting: Targeting = {
  targetGender: { male: false, female: false, other: false },
  targetAgeRange: { '10s': false, '20s': false, '30s': false, '40s': false, '50s': false, '60s': false },
  ...noProfileTargeting,
};

export const adOptionMaxLength = 50;

/**
 * SPEC §5 Create ad (also edit-ad). Every rule fails with すべての項目を正しく入力してください。
 * Prices and status are not part of the request: the server decides them.
 */
export const adInputBody = z
  .strictObject({
    adTitle: requiredText(limits.adTitle),
    adProvider: requiredText(limits.adProvider),
    adUrl: wellFormedString(invalid)
      .trim()
      .max(2048, invalid)
      .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, invalid),
    quizQuestion: requiredText(limits.quizQuestion),
    quizOptions: z
      .array(requiredText(adOptionMaxLength), invalid)
      .min(limits.optionsMin, invalid)
      .max(limits.optionsMax, invalid),
    correctOptionIndex: z.number(invalid).int(invalid).min(1, invalid),
    maxDeliveries: z.number(invalid).int(invalid).min(1, invalid).max(MAX_DELIVERIES_LIMIT, invalid),
    targetGender: targetGenderSchema,
    targetAgeRange: targetAgeRangeSchema,
    ...profileTargetingShape,
    ...adScheduleShape,
    ...dailyBudgetShape,
  })
  .refine((ad) => ad.correctOptionIndex <= ad.quizOptions.length, invalid)
  .superRefine(scheduleCheck(scheduleProblem))
  .superRefine(dailyBudgetCheck);
/** A submission as the server parses it (profile lists left out are filled in empty). */
export type AdInputBody = z.output<typeof adInputBody>;

/** The targeting of an ad being written, for how many members it would reach. */
export const reachEstimateBody = z.strictObject({
  targetGender: targetGenderSchema,
  targetAgeRange: targetAgeRangeSchema,
  ...profileTargetingShape,
});
export type ReachEstimateBody = z.input<typeof reachEstimateBody>;

/**
 * A new ad (created, saved as a draft, or a draft submitted): also no start date already past
 * (docs/decisions/019-running-ads.md).
 */
export const newAdInputBody = adInputBody.superRefine(scheduleCheck(startProblem));

/** SPEC §5 Raise limit: a whole number; "greater than the current one" is checked by the server. */
export const raiseLimitBody = z.strictObject({
  maxDeliveries: z
    .number({ error: messages.limitMustIncrease })
    .int({ error: messages.limitMustIncrease })
    .min(1, { error: messages.limitMustIncrease })
    .max(MAX_DELIVERIES_LIMIT, { error: messages.limitMustIncrease }),
});
export type RaiseLimitBody = z.infer<typeof raiseLimitBody>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const emailField = wellFormedString({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired })
  .max(254, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }));
const newPassword = wellFormedString({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: messages.passwordTooLong });

/** Advertiser sign-up on the advertiser landing (company or display name, e-mail, password, terms). */
export const advertiserSignUpBody = z.strictObject({
  displayName: wellFormedString({ error: messages.displayNameRequired })
    .trim()
    .min(1, { error: messages.displayNameRequired })
    .max(50, { error: messages.displayNameTooLong }),
  email: emailField,
  password: newPassword,
  agreeToTerms: z.literal(true, { error: messages.advertiserTermsRequired }),
  // The invoices' addressee, asked at sign-up and editable later; optional.
  companyName: companyFields.companyName.optional(),
  companyAddress: companyFields.companyAddress.optional(),
});
export type AdvertiserSignUpBody = z.input<typeof advertiserSignUpBody>;

export const advertiserSignInBody = z.strictObject({
  email: emailField,
  password: wellFormedString({ error: messages.loginFailed })
    .min(1, { error: messages.loginFailed })
    .max(PASSWORD_MAX_LENGTH),
});
export type AdvertiserSignInBody = z.input<typeof advertiserSignInBody>;

/** SPEC §5: password reset also needs an e-mail. */
export const passwordResetRequestBody = z.strictObject({ email: emailField });
export const passwordResetBody = z.strictObject({
  token: wellFormedString({ error: messages.passwordResetLinkInvalid }).min(1).max(200),
  password: newPassword,
});

export const cardSetupCompleteBody = z.strictObject({ sessionId: wellFormedString().min(1).max(200) });

/** Groups smaller than this are hidden in reports, so no single person can be picked out. */
export const REPORT_MIN_GROUP = 5;

/** SPEC §9: an invoice whose total (tax included) is under this is not charged but carried over. */
export const MIN_CHARGE_YEN = 50;

/**
 * One month's bill for one ad: the pre-tax amount (this month's deliveries plus any amount carried
 * in), 10 % tax rounded to the nearest yen, and what happens to it: nothing to bill, carried into
 * the next month (under MIN_CHARGE_YEN), or charged.
 */
export function invoiceAmounts(subtotal: number, carriedIn: number) {
  const amount = subtotal + carriedIn;
  const tax = consumptionTax(amount);
  const total = amount + tax;
  const status: InvoiceStatus =
    total === 0 ? 'no_charge' : total < MIN_CHARGE_YEN ? 'carried_over' : 'charging';
  return { amount, tax, total, status };
}
