import { z } from 'zod';
import { profileTargetingChoices } from '../advertisers/targeting.ts';
import { adHolds, adStatuses, ageBands, genders } from './constants.ts';

// What the endpoints answer, as zod schemas: the declarations carry them (each area's endpoints.ts), the types the
// server returns and the web reads are their outputs, and the test app checks every answer against
// them. They stay apart from the request schemas so the browser's bundles never carry them (the web
// imports these modules' types only).

/** An ISO 8601 timestamp, as JSON carries a Date. */
export const timestamp = z.string();
/** A Japan-time day, yyyy-mm-dd. */
export const day = z.string();
/** How many of something: deliveries, answers, ads. */
export const count = z.number().int().nonnegative();
/** An amount of money in whole yen. */
export const yen = z.number().int().nonnegative();

export const okResponse = z.strictObject({ ok: z.literal(true) });
export const urlResponse = z.strictObject({ url: z.string() });
export const mailedResponse = z.strictObject({ mailed: z.boolean() });

const boxes = <const K extends readonly string[]>(keys: K) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K[number], z.ZodBoolean>,
  );
/** An ad's targeting boxes; none ticked means everyone. */
const targetingShape = {
  targetGender: boxes(genders),
  targetAgeRange: boxes(ageBands),
};

/**
 * An ad's banner image, as WebP files of a few widths (narrowest first), each at an address
 * that never changes; `width` and `height` are the widest file's, so a page can hold its shape.
 */
export const adImage = z.strictObject({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sources: z.array(z.strictObject({ url: z.string(), width: z.number().int().positive() })).min(1),
});
export type AdImage = z.output<typeof adImage>;
/** An ad's image, or null when it has none. */
export const adImageShape = { image: adImage.nullable() };

/** The profile lists an ad targets; each empty means everyone. */
const profileTargetingResponseShape = {
  targetPrefectures: z.array(z.enum(profileTargetingChoices.targetPrefectures)),
  targetOccupations: z.array(z.enum(profileTargetingChoices.targetOccupations)),
  targetIncomes: z.array(z.enum(profileTargetingChoices.targetIncomes)),
  targetMaritalStatuses: z.array(z.enum(profileTargetingChoices.targetMaritalStatuses)),
  targetChildren: z.array(z.enum(profileTargetingChoices.targetChildren)),
};

/** An ad's delivery window as its first and last Japan-time days (both included); null is open. */
const adWindowShape = {
  startDate: day.nullable(),
  endDate: day.nullable(),
};

/** An ad as its advertiser wrote it: the text and quiz, the image, who it targets and its window. */
export const adContentShape = {
  adTitle: z.string(),
  adProvider: z.string(),
  adUrl: z.string(),
  quizQuestion: z.string(),
  quizOptions: z.array(z.string()),
  ...adImageShape,
  ...targetingShape,
  ...profileTargetingResponseShape,
  ...adWindowShape,
};

/**
 * Where an ad stands, as adStateLabel words it: its review stage, whether an approved ad is still on
 * (false once ended) and what holds it back from delivery (adHolds; empty when nothing does).
 */
export const adStandingShape = {
  status: z.enum(adStatuses),
  isActive: z.boolean(),
  holds: z.array(z.enum(adHolds)),
};
