import { type AdvertiserAd, dailyBudgetMessages, schedulePhase, scheduleToday } from '@quiz-points/shared';
import { dailyBudgetReachedToday } from './ad-state.ts';

/**
 * Where an approved ad stands for members today: ended (the cap or its advertiser),
 * paused, held for another reason (a failed payment, a suspension), before or after its window, done
 * for today (its daily budget), or delivering.
 */
export function deliveryBadge(
  ad: Pick<
    AdvertiserAd,
    'isActive' | 'holds' | 'startDate' | 'endDate' | 'dailyBudget' | 'dailyBudgetReachedOn'
  >,
  today = scheduleToday(),
) {
  if (!ad.isActive) return { label: '停止中', className: 'badge' };
  if (ad.holds.includes('paused')) return { label: '一時停止中', className: 'badge badge--pending' };
  if (ad.holds.length > 0) return { label: '配信保留中', className: 'badge badge--rejected' };
  const phase = schedulePhase(ad, today);
  if (phase === 'before') return { label: '配信開始前', className: 'badge badge--pending' };
  if (phase === 'after') return { label: '配信期間終了', className: 'badge' };
  if (dailyBudgetReachedToday(ad, today)) {
    return { label: dailyBudgetMessages.reachedToday, className: 'badge badge--pending' };
  }
  return { label: '配信中', className: 'badge badge--issued' };
}
