import type { AdminAdvertiserSummary } from '@quiz-points/shared';

/** 利用停止中 and the card at a glance. */
export function AdvertiserBadges({ advertiser }: { advertiser: AdminAdvertiserSummary }) {
  return (
    <>
      {advertiser.isSuspended && <span className="badge badge--rejected">利用停止中</span>}
      <span className={advertiser.cardRegistered ? 'badge badge--issued' : 'badge'}>
        {advertiser.cardRegistered ? 'カード登録済み' : 'カード未登録'}
      </span>
    </>
  );
}

/** The company name when given, else the name from sign-up. */
export const advertiserName = (advertiser: AdminAdvertiserSummary) =>
  advertiser.companyName ?? advertiser.displayName;
