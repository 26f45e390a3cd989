import { type AdStateFields, adStateBadge } from './ad-state.ts';

/** Where an ad stands in one badge: its review, and once approved, its delivery (配信中, 停止中, …). */
export function AdStateBadge({ ad, today }: { ad: AdStateFields; today?: string }) {
  const badge = adStateBadge(ad, today);
  return <span className={badge.className}>{badge.label}</span>;
}
