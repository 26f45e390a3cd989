import { describe, expect, it } from 'vitest';
import {
  consumptionTax,
  extraTargetingFeeRule,
  feeTargetings,
  invoiceAmounts,
  MIN_CHARGE_YEN,
  noTargeting,
  type PricedTargeting,
  perDeliveryCost,
  targetingDimensionsUsed,
  totalWithTax,
} from './advertisers.ts';
import { profileTargetingChoices, profileTargetingFields } from './targeting.ts';

const pricing = { userReward: 20, baseFee: 15, extraTargetingFee: 5 };

describe('consumptionTax (10 %, rounded to the nearest yen)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 1],
    [14, 1],
    [15, 2],
    [44, 4],
    [45, 5],
    [100, 10],
    [104, 10],
    [105, 11],
    [999_999, 100_000],
    [123_456_789, 12_345_679],
  ])('%i yen → %i yen tax', (amount, tax) => {
    expect(consumptionTax(amount)).toBe(tax);
  });

  it('never drifts from exact half-up rounding (integers only, no float error)', () => {
    for (let amount = 0; amount <= 10_000; amount++) {
      const halfUp = Math.floor(amount / 10) + (amount % 10 >= 5 ? 1 : 0);
      expect(consumptionTax(amount)).toBe(halfUp);
    }
  });
});

describe('perDeliveryCost', () => {
  it('is reward + base fee without targeting', () => {
    expect(perDeliveryCost(pricing, noTargeting)).toBe(35);
  });

  it('adds one extra fee for any gender filter and one for any age filter, however many boxes', () => {
    const oneGender = { ...noTargeting, targetGender: { male: true, female: false, other: false } };
    const allGenders = { ...noTargeting, targetGender: { male: true, female: true, other: true } };
    const genderAndAges = {
      ...noTargeting,
      targetGender: { male: false, female: true, other: false },
      targetAgeRange: { '10s': false, '20s': true, '30s': true, '40s': false, '50s': false, '60s': false },
    };
    expect(perDeliveryCost(pricing, oneGender)).toBe(40);
    expect(perDeliveryCost(pricing, allGenders)).toBe(40);
    expect(perDeliveryCost(pricing, genderAndAges)).toBe(45);
  });

  it.each(profileTargetingFields)(
    'adds one extra fee for a %s list, however many values it holds',
    (field) => {
      const value = profileTargetingChoices[field][0];
      const one: PricedTargeting = { ...noTargeting, [field]: [value] };
      expect(targetingDimensionsUsed(one)).toBe(1);
      expect(perDeliveryCost(pricing, one)).toBe(40);
      const more: PricedTargeting = { ...noTargeting, [field]: [value, 'x', 'y'] };
      expect(perDeliveryCost(pricing, more)).toBe(40);
    },
  );

  it('adds one fee per dimension used, up to all seven; an empty list adds nothing', () => {
    const steps = [
      { targetPrefectures: ['東京都', '大阪府', '沖縄県'] },
      { targetOccupations: ['会社員', '学生'] },
      { targetIncomes: ['500万円〜'] },
      { targetMaritalStatuses: ['single', 'divorced'] },
      { targetChildren: ['with', 'without'] },
      { targetGender: { male: true, female: false, other: false } },
      { targetAgeRange: { ...noTargeting.targetAgeRange, '60s': true } },
    ];
    let targeting: PricedTargeting = { ...noTargeting };
    steps.forEach((step, index) => {
      targeting = { ...targeting, ...step };
      expect(targetingDimensionsUsed(targeting)).toBe(index + 1);
      expect(perDeliveryCost(pricing, targeting)).toBe(35 + 5 * (index + 1));
    });
    expect(perDeliveryCost(pricing, { ...targeting, targetIncomes: [] })).toBe(65);
  });

  it('prices an ad row (lists of plain strings) the same way', () => {
    const row = { ...noTargeting, targetPrefectures: ['北海道'] as string[], targetChildren: [] as string[] };
    expect(perDeliveryCost({ ...pricing, extraTargetingFee: 12 }, row)).toBe(47);
  });
});

describe('the extra targeting fee in words (the settings help and the forms)', () => {
  /** `field` used with one value (one box ticked, one list entry), nothing else. */
  const usingOnly = (field: (typeof feeTargetings)[number]['field']): PricedTargeting => {
    const current = noTargeting[field];
    const used = Array.isArray(current)
      ? ['x']
      : Object.fromEntries(Object.keys(current).map((key, index) => [key, index === 0]));
    return { ...noTargeting, [field]: used };
  };

  it('lists every dimension of a targeting, each once', () => {
    const fields = feeTargetings.map(({ field }) => field);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(['targetAgeRange', 'targetGender', ...profileTargetingFields].sort());
  });

  it('lists exactly the targetings that add the fee, in the order the rule counts them', () => {
    for (const { field, name } of feeTargetings) {
      expect(perDeliveryCost(pricing, usingOnly(field)), field).toBe(35 + 5);
      expect(extraTargetingFeeRule).toContain(name);
    }
    expect(extraTargetingFeeRule).toMatch(/^性別・年代・都道府県・職業・年収・婚姻状況・子どもの有無のうち/);
    expect(feeTargetings).toHaveLength(7);
  });
});

describe('totalWithTax (floor of cost × deliveries × 1.1)', () => {
  it.each([
    [35, 100, 3850],
    [33, 1, 36],
    [1, 9, 9],
    [1, 10, 11],
    [7, 3, 23],
    [45, 1_000_000, 49_500_000],
  ])('%i yen × %i → %i yen', (cost, deliveries, total) => {
    expect(totalWithTax(cost, deliveries)).toBe(total);
  });
});

describe('invoiceAmounts (monthly bill of one ad)', () => {
  it('bills nothing for nothing', () => {
    expect(invoiceAmounts(0, 0)).toEqual({ amount: 0, tax: 0, total: 0, status: 'no_charge' });
  });

  it('carries a total under 50 yen into the next month, and charges from 50 yen', () => {
    expect(MIN_CHARGE_YEN).toBe(50);
    expect(invoiceAmounts(44, 0)).toEqual({ amount: 44, tax: 4, total: 48, status: 'carried_over' });
    expect(invoiceAmounts(45, 0)).toEqual({ amount: 45, tax: 5, total: 50, status: 'charging' });
    expect(invoiceAmounts(1, 0).status).toBe('carried_over');
  });

  it('adds the carried-in amount before tax', () => {
    expect(invoiceAmounts(40, 40)).toEqual({ amount: 80, tax: 8, total: 88, status: 'charging' });
    expect(invoiceAmounts(0, 30)).toEqual({ amount: 30, tax: 3, total: 33, status: 'carried_over' });
  });
});
