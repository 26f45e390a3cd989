import { describe, expect, it } from 'vitest';
import {
  addDays,
  adReportCsvQuery,
  adReportMessages,
  adReportQuery,
  daysInRange,
  eachDay,
} from './ad-reports.ts';

const messageOf = (input: unknown) => {
  const result = adReportQuery.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the ad report range', () => {
  it('counts calendar days across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysInRange('2026-04-01', '2026-04-01')).toBe(1);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
    expect(eachDay('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(eachDay('2026-11-02', '2026-11-01')).toEqual([]);
  });

  it('takes both days or neither, in order, up to 366 days', () => {
    expect(messageOf({})).toBeNull();
    expect(messageOf({ from: '2026-04-01', to: '2026-04-01' })).toBeNull();
    expect(messageOf({ from: '2028-01-01', to: '2028-12-31' })).toBeNull();
    expect(messageOf({ from: '2027-01-01', to: '2028-01-01' })).toBeNull();
    expect(messageOf({ from: '2027-01-01', to: '2028-01-02' })).toBe(adReportMessages.tooLong);
    expect(messageOf({ from: '2026-04-02', to: '2026-04-01' })).toBe(adReportMessages.fromAfterTo);
    expect(messageOf({ from: '2026-04-01' })).toBe(adReportMessages.bothNeeded);
    expect(messageOf({ to: '2026-04-01' })).toBe(adReportMessages.bothNeeded);
    expect(messageOf({ from: '2026-02-29', to: '2026-03-01' })).toBe(adReportMessages.fromInvalid);
    expect(messageOf({ from: '2026-03-01', to: '20260302' })).toBe(adReportMessages.toInvalid);
    expect(messageOf({ from: '0000-01-01', to: '0000-01-02' })).toBe(adReportMessages.outOfRange);
    expect(messageOf({ from: '0001-01-01', to: '0001-01-01' })).toBe(adReportMessages.outOfRange);
    expect(messageOf({ from: '2026-01-01', to: '9999-12-31' })).toBe(adReportMessages.outOfRange);
    expect(messageOf({ from: '2000-01-01', to: '2000-01-01' })).toBeNull();
    expect(messageOf({ from: '2099-12-31', to: '2099-12-31' })).toBeNull();
    expect(adReportQuery.safeParse({ from: '2026-04-01', to: '2026-04-02', extra: '1' }).success).toBe(false);
  });

  it('names the CSV table, the days unless said', () => {
    expect(adReportCsvQuery.parse({ from: '2026-04-01', to: '2026-04-02' })).toEqual({
      from: '2026-04-01',
      to: '2026-04-02',
    });
    expect(adReportCsvQuery.safeParse({ table: 'options' }).success).toBe(true);
    expect(adReportCsvQuery.safeParse({ table: 'people' }).success).toBe(false);
    expect(adReportCsvQuery.safeParse({ from: '2026-04-02', to: '2026-04-01', table: 'days' }).success).toBe(
      false,
    );
  });
});
