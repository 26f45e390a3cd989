import type { AdminUserSummary } from '@quiz-points/shared';
import type { UserRow } from '../user-row.ts';

export function toAdminUserSummary(user: UserRow): AdminUserSummary {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'advertiser' ? 'advertiser' : 'user',
    points: user.points,
    isSuspended: user.banned,
    isWithdrawn: user.withdrawnAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
