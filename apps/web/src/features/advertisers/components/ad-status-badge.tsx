import type { AdStatus, AdvertiserAd } from '@quiz-points/shared';
import { deliveryBadge } from './running-ad-actions.tsx';

export const statusBadges: Record<AdStatus, { label: string; className: string }> = {
  draft: { label: '下書き', className: 'badge' },
  pending: { label: '審査中', className: 'badge badge--pending' },
  approved: { label: '承認済み', className: 'badge badge--issued' },
  rejected: { label: '却下', className: 'badge badge--rejected' },
};

/** Where an ad stands in one badge: its review, and once approved, its delivery (配信中, 停止中, …). */
export function AdStateBadge({
  ad,
  today,
}: {
  ad: Pick<
    AdvertiserAd,
    'status' | 'isActive' | 'holds' | 'startDate' | 'endDate' | 'dailyBudget' | 'dailyBudgetReachedOn'
  >;
  today?: string;
}) {
  const badge = ad.status === 'approved' ? deliveryBadge(ad, today) : statusBadges[ad.status];
  return <span className={badge.className}>{badge.label}</span>;
}
