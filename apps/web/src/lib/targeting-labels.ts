import type { AgeBand, ChildrenTarget, Gender, MaritalStatus, ProfileTargeting } from '@quiz-points/shared';

// Targeting in words, as the advertiser (ad form, ads status, report) and the admin's review read it.
// Imported only by those lazily loaded pages, never by the landing page's first JavaScript.

export const genderLabels: Record<Gender, string> = { male: '男性', female: '女性', other: 'その他' };

/** SPEC §9 age groups: 10s (under 20), 20s … 60s and over. */
export const ageBandLabels: Record<AgeBand, string> = {
  '10s': '10代',
  '20s': '20代',
  '30s': '30代',
  '40s': '40代',
  '50s': '50代',
  '60s': '60代以上',
};

/** The ticked boxes in words; none ticked means everyone (SPEC-NOTES). */
export function tickedLabels<K extends string>(boxes: Record<K, boolean>, labels: Record<K, string>): string {
  const chosen = (Object.keys(labels) as K[]).filter((key) => boxes[key]).map((key) => labels[key]);
  return chosen.length === 0 ? '指定なし' : chosen.join('・');
}

/** Marital status as the member's profile words it. */
export const maritalStatusLabels: Record<MaritalStatus, string> = {
  single: '未婚',
  married: '既婚',
  divorced: '離別・死別',
};

export const childrenLabels: Record<ChildrenTarget, string> = { with: '子どもあり', without: '子どもなし' };

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
