import { describe, expect, it } from 'vitest';
import { adReportMessages } from './ad-reports.ts';
import { advertiserDashboardQuery, dashboardDays, dashboardMessages } from './dashboard.ts';

describe('the dashboard’s named ranges', () => {
  it('count Japan-time days: 00:30 on 1 January in Japan is still 31 December in UTC', () => {
    const newYear = new Date('2026-12-31T15:30:00Z');
    expect(dashboardDays('today', newYear)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(dashboardDays('7days', newYear)).toEqual({ from: '2026-12-26', to: '2027-01-01' });
    expect(dashboardDays('this-month', newYear)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(dashboardDays('last-month', newYear)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('end last month on its own last day, a leap day included', () => {
    expect(dashboardDays('last-month', new Date('2028-03-10T03:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
});

describe('the dashboard’s query', () => {
  const parse = (query: Record<string, string>) => advertiserDashboardQuery.safeParse(query);
  const message = (query: Record<string, string>) => parse(query).error?.issues[0]?.message;

  it('takes a named range, two days, or nothing', () => {
    expect(parse({ range: 'last-month' }).data).toEqual({ range: 'last-month' });
    expect(parse({ from: '2026-11-01', to: '2026-11-30' }).data).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parse({}).success).toBe(true);
  });

  it('refuses an unknown range, both kinds at once, and the report’s bad ranges, in Japanese', () => {
    expect(message({ range: 'yesterday' })).toBe(dashboardMessages.rangeInvalid);
    expect(message({ range: 'today', from: '2026-11-01', to: '2026-11-02' })).toBe(
      dashboardMessages.rangeOrDays,
    );
    expect(message({ to: '2026-11-01' })).toBe(adReportMessages.bothNeeded);
    expect(message({ from: '2026-11-02', to: '2026-11-01' })).toBe(adReportMessages.fromAfterTo);
    expect(parse({ from: '2026-11-01', to: '2026-11-02', extra: '1' }).success).toBe(false);
  });
});
