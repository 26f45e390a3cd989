import type { AgeBand, Gender } from '@quiz-points/shared';

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
