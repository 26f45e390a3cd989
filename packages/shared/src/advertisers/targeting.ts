import { z } from 'zod';
import '../core/zod-config.ts';
import { childrenTargets } from '../core/constants.ts';
import { messages } from '../core/messages.ts';
import {
  type AnnualIncome,
  annualIncomes,
  type MaritalStatus,
  maritalStatuses,
  type Occupation,
  occupations,
  type Prefecture,
  prefectures,
} from '../core/profile-options.ts';

// Profile targeting: an ad may also be aimed by what members fill in on their profile.
// Its own module, so the first page's JavaScript, which needs none of it, never carries the lists.

export type ChildrenTarget = (typeof childrenTargets)[number];

/** The profile half of who an ad targets: each list empty = everyone, else the member's value must be in it. */
export interface ProfileTargeting {
  targetPrefectures: Prefecture[];
  targetOccupations: Occupation[];
  targetIncomes: AnnualIncome[];
  targetMaritalStatuses: MaritalStatus[];
  targetChildren: ChildrenTarget[];
}

/** Each profile dimension: its field and the profile's own choices, in the order the form shows them. */
export const profileTargetingChoices = {
  targetPrefectures: prefectures,
  targetOccupations: occupations,
  targetIncomes: annualIncomes,
  targetMaritalStatuses: maritalStatuses,
  targetChildren: childrenTargets,
} as const satisfies { [K in keyof ProfileTargeting]: readonly ProfileTargeting[K][number][] };

export type ProfileTargetingField = keyof ProfileTargeting;
export const profileTargetingFields = Object.keys(profileTargetingChoices) as ProfileTargetingField[];

/** No profile targeting: every list empty. */
export const noProfileTargeting: ProfileTargeting = {
  targetPrefectures: [],
  targetOccupations: [],
  targetIncomes: [],
  targetMaritalStatuses: [],
  targetChildren: [],
};

const invalid = { error: messages.allFieldsRequired };

/** A list of the profile's own choices, each at most once; left out, it is empty (everyone). */
const choiceList = <const T extends readonly [string, ...string[]]>(choices: T) =>
  z
    .array(z.enum(choices, invalid), invalid)
    .max(choices.length, invalid)
    .refine((values) => new Set(values).size === values.length, invalid)
    .default([]);

/** The five lists of a request (ad submission, reach estimate), each checked against the profile's choices. */
export const profileTargetingShape = {
  targetPrefectures: choiceList(prefectures),
  targetOccupations: choiceList(occupations),
  targetIncomes: choiceList(annualIncomes),
  targetMaritalStatuses: choiceList(maritalStatuses),
  targetChildren: choiceList(childrenTargets),
};

/**
 * The reach estimate never tells a small group's size: under this many members it says only
 * 「100人未満」, so no combination of filters singles a person out.
 */
export const REACH_MIN_MEMBERS = 100;

/** How many members an ad's targeting reaches, as the advertiser is told it. */
export type ReachEstimate = { kind: 'fewer'; than: number } | { kind: 'about'; members: number };

/**
 * Rounds a count of members for the advertiser: under REACH_MIN_MEMBERS only "fewer than" that;
 * otherwise to two significant figures, half up (1,234 → 1,200; 155 → 160; 99,500 → 100,000), so
 * two estimates that differ by a few people usually read the same.
 */
export function roundReach(count: number): ReachEstimate {
  if (count < REACH_MIN_MEMBERS) return { kind: 'fewer', than: REACH_MIN_MEMBERS };
  const step = 10 ** (String(Math.floor(count)).length - 2);
  return { kind: 'about', members: Math.floor(count / step + 0.5) * step };
}
