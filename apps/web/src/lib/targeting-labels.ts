import {
  ageBandLabels,
  childrenLabels,
  genderLabels,
  maritalStatusLabels,
  type ProfileTargeting,
  type Targeting,
} from '@quiz-points/shared';

// Targeting in words, as the advertiser (ad form, ads status, report) and the admin's review read it.
// Imported only by those lazily loaded pages, never by the landing page's first JavaScript. The words
// of each code are the shared catalogue's (packages/shared code-labels.ts).

export { ageBandLabels, childrenLabels, genderLabels, maritalStatusLabels };

/** The ticked boxes in words; none ticked means everyone (SPEC-NOTES). */
export function tickedLabels<K extends string>(boxes: Record<K, boolean>, labels: Record<K, string>): string {
  const chosen = (Object.keys(labels) as K[]).filter((key) => boxes[key]).map((key) => labels[key]);
  return chosen.length === 0 ? '指定なし' : chosen.join('・');
}

/** Each profile dimension as the advertiser and the reviewer read it: its name, and its values' words (prefectures, occupations and incomes are words already). */
export const profileTargetingLabels: {
  [K in keyof ProfileTargeting]: { name: string; label: (value: ProfileTargeting[K][number]) => string };
} = {
  targetPrefectures: { name: '都道府県', label: (value) => value },
  targetOccupations: { name: '職業', label: (value) => value },
  targetIncomes: { name: '年収', label: (value) => value },
  targetMaritalStatuses: { name: '婚姻状況', label: (value) => maritalStatusLabels[value] },
  targetChildren: { name: '子どもの有無', label: (value) => childrenLabels[value] },
};

/** The profile dimensions an ad uses, in words ('都道府県：東京都・大阪府'); empty when it uses none. */
export function profileTargetingSummary(targeting: ProfileTargeting): string[] {
  return (Object.keys(profileTargetingLabels) as (keyof ProfileTargeting)[])
    .filter((field) => targeting[field].length > 0)
    .map((field) => {
      const { name, label } = profileTargetingLabels[field] as {
        name: string;
        label: (value: string) => string;
      };
      return `${name}：${targeting[field].map(label).join('・')}`;
    });
}

type TargetingOptions = {
  /** Leave gender or age out when none of its boxes is ticked (rather than say 指定なし). */
  chosenOnly?: boolean;
};

/** An ad's gender and age boxes in words ('性別：女性', '年代：指定なし'). */
export function genderAgeParts(
  targeting: Targeting,
  { chosenOnly = false }: TargetingOptions = {},
): string[] {
  const shown = (boxes: Record<string, boolean>) => !chosenOnly || Object.values(boxes).some(Boolean);
  return [
    ...(shown(targeting.targetGender) ? [`性別：${tickedLabels(targeting.targetGender, genderLabels)}`] : []),
    ...(shown(targeting.targetAgeRange)
      ? [`年代：${tickedLabels(targeting.targetAgeRange, ageBandLabels)}`]
      : []),
  ];
}

/** Who an ad is aimed at, a part a dimension: gender, age, then each profile list it uses. */
export function targetingParts(targeting: Targeting, options: TargetingOptions = {}): string[] {
  return [...genderAgeParts(targeting, options), ...profileTargetingSummary(targeting)];
}
