import {
  type AdListState,
  type AdvertiserAd,
  adStateOf,
  dailyBudgetMessages,
  scheduleToday,
} from '@quiz-points/shared';

/** Whether the ad's daily budget ran out today (Japan time): members do not see it until midnight. */
export const dailyBudgetReachedToday = (
  ad: Pick<AdvertiserAd, 'dailyBudget' | 'dailyBudgetReachedOn'>,
  today = scheduleToday(),
) => ad.dailyBudget !== null && ad.dailyBudgetReachedOn === today;

/**
 * Where an ad stands (the server's adListStates), in the words and colours of the consoles: the
 * review's until approved, then the delivery's.
 */
export const adStateBadges: Record<AdListState, { label: string; className: string }> = {
  delivering: { label: '配信中', className: 'badge badge--issued' },
  scheduled: { label: '配信開始前', className: 'badge badge--pending' },
  paused: { label: '一時停止中', className: 'badge badge--pending' },
  held: { label: '配信保留中', className: 'badge badge--rejected' },
  pending: { label: '審査中', className: 'badge badge--pending' },
  rejected: { label: '却下', className: 'badge badge--rejected' },
  draft: { label: '下書き', className: 'badge' },
  expired: { label: '配信期間終了', className: 'badge' },
  stopped: { label: '停止中', className: 'badge' },
};

export type AdStateFields = Pick<
  AdvertiserAd,
  'status' | 'isActive' | 'holds' | 'startDate' | 'endDate' | 'dailyBudget' | 'dailyBudgetReachedOn'
>;

/** An ad's badge: where it stands, and for one delivering, done for today once its daily budget ran out. */
export function adStateBadge(ad: AdStateFields, today = scheduleToday()) {
  const state = adStateOf(ad, today);
  if (state === 'delivering' && dailyBudgetReachedToday(ad, today)) {
    return { label: dailyBudgetMessages.reachedToday, className: 'badge badge--pending' };
  }
  return adStateBadges[state];
}
