import { describe, expect, it } from 'vitest';
import { messages } from '../core/messages.ts';
import { prefectureRegions, prefectures } from '../core/profile-options.ts';
import { adInputBody, noTargeting, reachEstimateBody } from './advertisers.ts';
import { submitAd } from './endpoints.ts';
import { noProfileTargeting, REACH_MIN_MEMBERS, roundReach } from './targeting.ts';

const ad = submitAd.example.body;

describe('profile targeting lists in the ad and reach-estimate requests', () => {
  it('takes lists of the profile’s own choices', () => {
    const parsed = adInputBody.parse({
      ...ad,
      targetPrefectures: ['東京都', '北海道'],
      targetOccupations: ['会社員'],
      targetIncomes: ['1000万円〜'],
      targetMaritalStatuses: ['married', 'divorced'],
      targetChildren: ['without'],
    });
    expect(parsed).toMatchObject({
      targetPrefectures: ['東京都', '北海道'],
      targetOccupations: ['会社員'],
      targetIncomes: ['1000万円〜'],
      targetMaritalStatuses: ['married', 'divorced'],
      targetChildren: ['without'],
    });
  });

  it('treats a list left out as empty (everyone)', () => {
    const { targetGender, targetAgeRange } = noTargeting;
    const withoutLists = {
      ...ad,
      ...Object.fromEntries(Object.keys(noProfileTargeting).map((k) => [k, undefined])),
    };
    expect(JSON.parse(JSON.stringify(withoutLists))).not.toHaveProperty('targetPrefectures');
    expect(adInputBody.parse(JSON.parse(JSON.stringify(withoutLists)))).toMatchObject(noProfileTargeting);
    expect(reachEstimateBody.parse({ targetGender, targetAgeRange })).toEqual(noTargeting);
  });

  it.each([
    ['a prefecture not spelled as the profile stores it', { targetPrefectures: ['東京'] }],
    ['a prefecture in English', { targetPrefectures: ['Tokyo'] }],
    ['an occupation the profile does not offer', { targetOccupations: ['医師'] }],
    ['an income the profile does not offer', { targetIncomes: ['300万円'] }],
    ['a marital status the profile does not offer', { targetMaritalStatuses: ['widowed'] }],
    ['a children value other than with/without', { targetChildren: [true] }],
    ['the same value twice', { targetPrefectures: ['東京都', '東京都'] }],
    ['a list that is not a list', { targetOccupations: '会社員' }],
    ['a list of null', { targetIncomes: null }],
  ])('refuses %s with the form’s message', (_, list) => {
    for (const schema of [adInputBody, reachEstimateBody]) {
      const result = schema.safeParse({ ...ad, ...list });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.allFieldsRequired);
    }
  });
});

describe('the 47 prefectures and their regions', () => {
  it('has each prefecture once, and each region a run of them in code order', () => {
    expect(prefectures).toHaveLength(47);
    expect(new Set(prefectures).size).toBe(47);
    expect(prefectureRegions.flatMap((region) => region.prefectures)).toEqual([...prefectures]);
  });
});

describe('roundReach (what the advertiser is told of a count of members)', () => {
  it.each([0, 1, 5, 42, 99])('says only "fewer than %i" under the threshold', (count) => {
    expect(REACH_MIN_MEMBERS).toBe(100);
    expect(roundReach(count)).toEqual({ kind: 'fewer', than: 100 });
  });

  it.each([
    [100, 100],
    [104, 100],
    [105, 110],
    [155, 160],
    [999, 1000],
    [1234, 1200],
    [1250, 1300],
    [9949, 9900],
    [56_789, 57_000],
    [99_500, 100_000],
    [1_234_567, 1_200_000],
  ])('rounds %i members to two significant figures: %i', (count, members) => {
    expect(roundReach(count)).toEqual({ kind: 'about', members });
  });

  it('never rounds a count at or above the threshold below it', () => {
    for (let count = REACH_MIN_MEMBERS; count < 20_000; count++) {
      const estimate = roundReach(count);
      expect(estimate.kind === 'about' && estimate.members >= REACH_MIN_MEMBERS).toBe(true);
    }
  });
});
