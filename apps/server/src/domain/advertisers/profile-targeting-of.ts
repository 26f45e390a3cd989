import { type ProfileTargeting, profileTargetingChoices } from '@quiz-points/shared';
import type { ads } from '../../db/schema.ts';

const knownOnly = <T extends string>(choices: readonly T[], values: readonly string[]): T[] =>
  values.filter((value): value is T => (choices as readonly string[]).includes(value));

/**
 * An ad row's profile targeting lists (text[] columns, filled only through the shared request
 * schema), narrowed to the profile's own choices.
 */
export function profileTargetingOf(
  ad: Pick<typeof ads.$inferSelect, keyof ProfileTargeting>,
): ProfileTargeting {
  return {
    targetPrefectures: knownOnly(profileTargetingChoices.targetPrefectures, ad.targetPrefectures),
    targetOccupations: knownOnly(profileTargetingChoices.targetOccupations, ad.targetOccupations),
    targetIncomes: knownOnly(profileTargetingChoices.targetIncomes, ad.targetIncomes),
    targetMaritalStatuses: knownOnly(profileTargetingChoices.targetMaritalStatuses, ad.targetMaritalStatuses),
    targetChildren: knownOnly(profileTargetingChoices.targetChildren, ad.targetChildren),
  };
}
