import { advertiserConsoleMessages, DomainError } from '@quiz-points/shared';
import { and, eq, not, sql } from 'drizzle-orm';
import { lockRow } from '../../db/lock-row.ts';
import { ads, users } from '../../db/schema.ts';
import { banAccount, type SuspensionRequest } from '../accounts/ban-account.ts';
import { recordAdminAction } from '../admin-users/admin-audit.ts';
import { hasHold, withHold, withoutHold } from '../ads/ad-holds.ts';

/**
 * The admin suspends an advertiser (利用停止) or lifts it, with a reason. In one transaction: the
 * account's ban, the 'suspended' hold on every one of their ads (so none delivers from the commit
 * on), their sessions deleted (signed out at once; a new sign-in is refused), and the audit row.
 *
 * The advertiser's row is locked first, so identical requests at once queue: the first changes the
 * state, the others find it already changed and write nothing (`changed: false`). Each ad's delivery
 * slots are locked before the ads (the order every cap change and end keeps), so a click that holds
 * a slot finishes before the hold lands, and none starts after it.
 */
export async function setAdvertiserSuspension(options: SuspensionRequest) {
  const { db, userId, adminId, now = new Date() } = options;
  const { suspended, reason } = options.input;
  return db.transaction(async (tx) => {
    const advertiser = await lockRow(tx, users, and(eq(users.id, userId), eq(users.role, 'advertiser'))!, {
      banned: users.banned,
      banReason: users.banReason,
      withdrawnAt: users.withdrawnAt,
    });
    if (!advertiser || advertiser.withdrawnAt) {
      throw new DomainError('NOT_FOUND', advertiserConsoleMessages.notFound);
    }
    if (advertiser.banned === suspended) return { suspended, changed: false, heldAds: 0, signedOut: 0 };

    await tx.execute(sql`
      select qp_lock_ad_slots(id)
      from (select ${ads.id} as id from ${ads} where ${ads.advertiserId} = ${userId} order by ${ads.id}) owned`);
    const held = await tx
      .update(ads)
      .set({
        holds: suspended ? withHold('suspended') : withoutHold('suspended'),
        updatedAt: now,
      })
      .where(and(eq(ads.advertiserId, userId), suspended ? not(hasHold('suspended')) : hasHold('suspended')))
      .returning({ id: ads.id });
    const signedOut = await banAccount(tx, { userId, suspended, reason, now });
    await recordAdminAction(tx, {
      action: suspended ? 'suspend' : 'unsuspend',
      targetId: userId,
      reason,
      details: {
        advertiser: true,
        heldAds: held.map((ad) => ad.id),
        before: { suspended: advertiser.banned, reason: advertiser.banReason },
      },
      actedBy: adminId,
      actedAt: now,
    });
    return { suspended, changed: true, heldAds: held.length, signedOut };
  });
}
