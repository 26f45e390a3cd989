import { describe, expect, it } from 'vitest';
import { adInputBody } from './advertisers.ts';
import { dailyBudgetBody, dailyBudgetLabel, dailyBudgetMessages } from './daily-budgets.ts';
import { submitAd } from './endpoints.ts';

const ad = submitAd.example.body;
/** The issues an ad request with this budget and cap raises, as field → message. */
const issuesOf = (dailyBudget: unknown, maxDeliveries = 100) => {
  const result = adInputBody.safeParse({ ...ad, maxDeliveries, dailyBudget });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('an ad’s daily budget', () => {
  it('is optional on the ad form: absent or null is no daily limit', () => {
    expect(adInputBody.parse(ad).dailyBudget).toBeUndefined();
    expect(issuesOf(null)).toEqual({});
    expect(adInputBody.parse({ ...ad, dailyBudget: 40 }).dailyBudget).toBe(40);
  });

  it('is a whole number from 1 up to the cap, refused on its own field in Japanese', () => {
    expect(issuesOf(100)).toEqual({});
    expect(issuesOf(101)).toEqual({ dailyBudget: dailyBudgetMessages.overCap });
    for (const wrong of [0, -1, 2.5, '10', Number.NaN]) {
      expect(issuesOf(wrong), String(wrong)).toEqual({ dailyBudget: dailyBudgetMessages.invalid });
    }
  });

  it('is changed on its own with a number or null, the cap left to the server', () => {
    expect(dailyBudgetBody.parse({ dailyBudget: 5_000 })).toEqual({ dailyBudget: 5_000 });
    expect(dailyBudgetBody.parse({ dailyBudget: null })).toEqual({ dailyBudget: null });
    expect(dailyBudgetBody.safeParse({}).error?.issues[0]?.message).toBe(dailyBudgetMessages.invalid);
    expect(dailyBudgetBody.safeParse({ dailyBudget: 0 }).success).toBe(false);
  });

  it('reads as the advertiser’s pages show it', () => {
    expect(dailyBudgetLabel(1500)).toBe('1,500件');
    expect(dailyBudgetLabel(null)).toBe('なし');
  });
});
