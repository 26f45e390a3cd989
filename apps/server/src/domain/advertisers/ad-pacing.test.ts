import { describe, expect, it } from 'vitest';
import { type PacingFacts, paceAd } from './ad-pacing.ts';

const TODAY = '2026-11-10';
const running: PacingFacts = {
  delivered: 400,
  maxDeliveries: 1000,
  deliveredToday: 90,
  dailyBudget: null,
  endDate: null,
  running: true,
  recentDeliveries: 700,
  firstDeliveryDay: '2026-10-01',
};

describe('paceAd', () => {
  it('projects the cap at the last 7 days’ pace, today counted as a day', () => {
    // 100 a day, 600 left: six days, today the first of them.
    expect(paceAd(running, TODAY)).toEqual({
      delivered: 400,
      maxDeliveries: 1000,
      deliveredToday: 90,
      dailyBudget: null,
      daysLeft: null,
      perDay: 100,
      projectedEnd: { date: '2026-11-15', by: 'cap' },
    });
    // 50 left at 100 a day: it stops today.
    expect(paceAd({ ...running, delivered: 950 }, TODAY).projectedEnd).toEqual({ date: TODAY, by: 'cap' });
  });

  it('counts only the days since the first delivery', () => {
    // Began yesterday: 300 over two days.
    const young = paceAd({ ...running, recentDeliveries: 300, firstDeliveryDay: '2026-11-09' }, TODAY);
    expect(young.perDay).toBe(150);
    expect(young.projectedEnd).toEqual({ date: '2026-11-13', by: 'cap' });
  });

  it('stops at the window’s end when that comes first, and counts its days left with today', () => {
    const windowed = paceAd({ ...running, endDate: '2026-11-12' }, TODAY);
    expect(windowed.daysLeft).toBe(3);
    expect(windowed.projectedEnd).toEqual({ date: '2026-11-12', by: 'window' });
    // The cap first: 2026-11-15 before the window's end.
    expect(paceAd({ ...running, endDate: '2026-11-30' }, TODAY).projectedEnd).toEqual({
      date: '2026-11-15',
      by: 'cap',
    });
    expect(paceAd({ ...running, endDate: '2026-11-09' }, TODAY)).toMatchObject({
      daysLeft: 0,
      projectedEnd: null,
    });
  });

  it('projects nothing for an ad that is not delivering, and only the window without a pace', () => {
    expect(paceAd({ ...running, running: false }, TODAY).projectedEnd).toBeNull();
    expect(paceAd({ ...running, delivered: 1000 }, TODAY).projectedEnd).toBeNull();
    const fresh = { ...running, delivered: 0, recentDeliveries: 0, firstDeliveryDay: null };
    expect(paceAd(fresh, TODAY)).toMatchObject({ perDay: null, projectedEnd: null });
    expect(paceAd({ ...fresh, endDate: '2026-12-01' }, TODAY).projectedEnd).toEqual({
      date: '2026-12-01',
      by: 'window',
    });
    // Delivered before, none lately: no cap in sight.
    expect(paceAd({ ...running, recentDeliveries: 0 }, TODAY)).toMatchObject({
      perDay: 0,
      projectedEnd: null,
    });
  });

  it('never paces faster than the daily budget', () => {
    // 100 a day lately, but at most 40 a day now: 600 left take 15 days.
    const budgeted = paceAd({ ...running, dailyBudget: 40, deliveredToday: 40 }, TODAY);
    expect(budgeted).toMatchObject({ perDay: 40, dailyBudget: 40, deliveredToday: 40 });
    expect(budgeted.projectedEnd).toEqual({ date: '2026-11-24', by: 'cap' });
    // A budget above the pace changes nothing.
    expect(paceAd({ ...running, dailyBudget: 500 }, TODAY)).toMatchObject({
      perDay: 100,
      projectedEnd: { date: '2026-11-15', by: 'cap' },
    });
  });
});
