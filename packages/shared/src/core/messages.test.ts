import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPoints, formatSignedPoints, formatYen } from './messages.ts';

describe('amounts', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1000, '-1,000'],
  ])('groups thousands: %d is %s', (amount, text) => expect(formatNumber(amount)).toBe(text));

  it("groups any whole number and any fraction as Intl's ja-JP format does", () => {
    const intl = new Intl.NumberFormat('ja-JP');
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.double({ noNaN: true, min: -1e9, max: 1e9 })), (value) => {
        expect(formatNumber(value)).toBe(intl.format(value === 0 ? 0 : value));
      }),
      { numRuns: 5000 },
    );
    expect(formatNumber(-0)).toBe('0');
  });

  it.each([
    [10, '10 Pt'],
    [1000, '1,000 Pt'],
    [122010, '122,010 Pt'],
  ])('writes points with a spaced Pt: %d is %s', (amount, text) => expect(formatPoints(amount)).toBe(text));

  it.each([
    [4000, '+4,000 Pt'],
    [-1000, '-1,000 Pt'],
    [12, '+12 Pt'],
    [0, '0 Pt'],
    [-0, '0 Pt'],
  ])('signs a ledger amount, a gain with + and a use with -: %d is %s', (amount, text) =>
    expect(formatSignedPoints(amount)).toBe(text),
  );

  it.each([
    [50, '50円'],
    [110000, '110,000円'],
  ])('writes yen: %d is %s', (amount, text) => expect(formatYen(amount)).toBe(text));
});
