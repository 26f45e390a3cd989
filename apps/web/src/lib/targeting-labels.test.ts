import { noTargeting, type Targeting } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { targetingParts } from './targeting-labels.ts';

const womenInTheirTwenties: Targeting = {
  ...noTargeting,
  targetGender: { ...noTargeting.targetGender, female: true },
  targetAgeRange: { ...noTargeting.targetAgeRange, '20s': true },
  targetPrefectures: ['東京都', '大阪府'],
};

describe('targeting in words', () => {
  it('says gender and age, then each profile list the ad uses', () => {
    expect(targetingParts(womenInTheirTwenties)).toEqual([
      '性別：女性',
      '年代：20代',
      '都道府県：東京都・大阪府',
    ]);
  });

  it('says 指定なし for no box ticked, or with `chosenOnly` leaves gender and age out', () => {
    const tokyo: Targeting = { ...noTargeting, targetPrefectures: ['東京都'] };
    expect(targetingParts(tokyo)).toEqual(['性別：指定なし', '年代：指定なし', '都道府県：東京都']);
    expect(targetingParts(tokyo, { chosenOnly: true })).toEqual(['都道府県：東京都']);
    expect(targetingParts(noTargeting, { chosenOnly: true })).toEqual([]);
  });
});
