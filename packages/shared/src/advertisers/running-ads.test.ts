import { describe, expect, it } from 'vitest';
import { adInputBody, newAdInputBody } from './advertisers.ts';
import { submitAd } from './endpoints.ts';
import {
  newScheduleProblem,
  runningAdMessages,
  scheduleLabel,
  schedulePhase,
  scheduleProblem,
} from './running-ads.ts';

const today = '2026-12-10';

describe('an ad’s delivery window', () => {
  it('refuses an end before the start or already past, and a new ad’s start already past', () => {
    expect(scheduleProblem({ startDate: '2026-12-20', endDate: '2026-12-19' }, today)).toEqual({
      field: 'endDate',
      message: runningAdMessages.endBeforeStart,
    });
    expect(scheduleProblem({ endDate: '2026-12-09' }, today)?.message).toBe(runningAdMessages.endInPast);
    expect(scheduleProblem({ startDate: '2026-12-01', endDate: today }, today)).toBeNull();
    expect(newScheduleProblem({ startDate: '2026-12-09' }, today)).toEqual({
      field: 'startDate',
      message: runningAdMessages.startInPast,
    });
    expect(newScheduleProblem({ startDate: today, endDate: today }, today)).toBeNull();
    expect(newScheduleProblem({}, today)).toBeNull();
  });

  it('tells where today falls and reads the window the status page’s way', () => {
    expect(schedulePhase({ startDate: '2026-12-11' }, today)).toBe('before');
    expect(schedulePhase({ startDate: today, endDate: today }, today)).toBe('within');
    expect(schedulePhase({ endDate: '2026-12-09' }, today)).toBe('after');
    expect(scheduleLabel({ startDate: '2026-12-01', endDate: '2026-12-31' })).toBe('2026/12/01〜2026/12/31');
    expect(scheduleLabel({ startDate: null, endDate: '2026-12-31' })).toBe('〜2026/12/31');
    expect(scheduleLabel({})).toBeNull();
  });

  it('is checked by the ad’s schema on its own field, days only', () => {
    const ad = submitAd.example.body;
    const issue = (schema: typeof adInputBody, window: object) =>
      schema.safeParse({ ...ad, ...window }).error?.issues[0];
    expect(issue(adInputBody, { startDate: '2026-02-30' })).toMatchObject({
      message: runningAdMessages.dateInvalid,
      path: ['startDate'],
    });
    expect(issue(adInputBody, { endDate: '2126-01-01' })?.message).toBe(runningAdMessages.dateInvalid);
    expect(issue(adInputBody, { startDate: '2030-01-02', endDate: '2030-01-01' })).toMatchObject({
      message: runningAdMessages.endBeforeStart,
      path: ['endDate'],
    });
    expect(issue(adInputBody, { startDate: '2020-01-01' })).toBeUndefined();
    expect(issue(newAdInputBody, { startDate: '2020-01-01' })).toMatchObject({
      message: runningAdMessages.startInPast,
      path: ['startDate'],
    });
    expect(newAdInputBody.parse({ ...ad, startDate: null, endDate: '2099-12-31' })).toMatchObject({
      startDate: null,
      endDate: '2099-12-31',
    });
  });
});
