import { type AdPacing, addDays, daysInRange, PACE_DAYS } from '@quiz-points/shared';

/** What pacing an approved ad needs to know about it. */
export interface PacingFacts {
  /** Deliveries over its whole life, and its cap. */
  delivered: number;
  maxDeliveries: number;
  /** Today's deliveries (Japan time) and the daily budget (null: none). */
  deliveredToday: number;
  dailyBudget: number | null;
  /** The window's last Japan-time day (null: open-ended). */
  endDate: string | null;
  /** Delivering now: not ended, nothing holding it (a pause, a failed payment, a suspension). */
  running: boolean;
  /** Its deliveries over the last PACE_DAYS days, today included, and the day of its first one ever. */
  recentDeliveries: number;
  firstDeliveryDay: string | null;
}

/**
 * Where an approved ad stands against its cap and window, and the day it stops at its recent pace:
 * its deliveries per day over the last PACE_DAYS days (counting only the days since its first
 * delivery, today as a whole day), projected until the remaining deliveries run out or the window
 * ends, whichever comes first. A daily budget bounds the pace: an ad cannot go faster than its
 * budget (one lowered today paces at the new budget from now on).
 */
export function paceAd(facts: PacingFacts, today: string): AdPacing {
  const { delivered, maxDeliveries, endDate } = facts;
  const daysLeft = endDate === null ? null : Math.max(0, daysInRange(today, endDate));
  const earliest = addDays(today, 1 - PACE_DAYS);
  const paceFrom =
    facts.firstDeliveryDay === null
      ? null
      : facts.firstDeliveryDay > earliest
        ? facts.firstDeliveryDay
        : earliest;
  const recentPace =
    paceFrom === null ? null : facts.recentDeliveries / Math.max(1, daysInRange(paceFrom, today));
  const perDay =
    recentPace === null || facts.dailyBudget === null ? recentPace : Math.min(recentPace, facts.dailyBudget);
  const remaining = maxDeliveries - delivered;
  const { deliveredToday, dailyBudget } = facts;
  const pacing = { delivered, maxDeliveries, deliveredToday, dailyBudget, daysLeft, perDay };
  if (!facts.running || remaining <= 0 || daysLeft === 0) return { ...pacing, projectedEnd: null };
  const windowEnd = endDate === null ? null : ({ date: endDate, by: 'window' } as const);
  if (perDay === null || perDay === 0) return { ...pacing, projectedEnd: windowEnd };
  const capDay = addDays(today, Math.ceil(remaining / perDay) - 1);
  const projectedEnd =
    endDate !== null && endDate < capDay ? windowEnd : ({ date: capDay, by: 'cap' } as const);
  return { ...pacing, projectedEnd };
}
