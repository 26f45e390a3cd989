import { advertiserConsoleMessages, DomainError, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { lockRow } from '../../db/lock-row.ts';
import { users } from '../../db/schema.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { banAccount, type SuspensionRequest } from './ban-account.ts';

/**
 * The admin suspends a user (signing them out everywhere at once: their sessions are deleted) or
 * lifts a suspension, always with a reason. The change, its reason and who made it are audited
 * (admin_audit) in the same transaction. The admin account itself cannot be suspended, and an
 * advertiser is suspended on the advertiser list (set-advertiser-suspension.ts), which also holds
 * their ads: here a ban alone would leave their ads delivering.
 */
export async function setSuspension(options: SuspensionRequest) {
  const { db, userId, adminId, now = new Date() } = options;
  const { suspended, reason } = options.input;
  if (userId === adminId) throw new DomainError('VALIDATION', messages.adminNotSuspendable);
  return db.transaction(async (tx) => {
    const user = await lockRow(tx, users, eq(users.id, userId), {
      banned: users.banned,
      banReason: users.banReason,
      role: users.role,
    });
    if (!user) throw new DomainError('NOT_FOUND', messages.userInfoNotFound);
    if (user.role === 'advertiser') {
      throw new DomainError('CONFLICT', advertiserConsoleMessages.suspendOnAdvertiserPage);
    }
    const signedOut = await banAccount(tx, { userId, suspended, reason, now });
    await recordAdminAction(tx, {
      action: suspended ? 'suspend' : 'unsuspend',
      targetId: userId,
      reason,
      details: { before: { suspended: user.banned, reason: user.banReason } },
      actedBy: adminId,
      actedAt: now,
    });
    return { suspended, signedOut };
  });
}
