import type { AdminUserSummary } from '@quiz-points/shared';

/** A person's state at a glance: 停止中, 退会済み, 広告主. */
export function UserBadges({ user }: { user: AdminUserSummary }) {
  return (
    <>
      {user.role === 'advertiser' && <span className="badge">広告主</span>}
      {user.isSuspended && <span className="badge badge--rejected">停止中</span>}
      {user.isWithdrawn && <span className="badge">退会済み</span>}
    </>
  );
}
