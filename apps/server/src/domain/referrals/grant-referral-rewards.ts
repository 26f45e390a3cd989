import { messages } from '@quiz-points/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { isWithdrawnPerson } from '../accounts/is-withdrawn-person.ts';
import { applyPointChange } from '../points/ledger.ts';

export const REFERRAL_POINTS = 50;

/**
 * SPEC §9: when a referred friend completes phone verification, 50 Pt to each side, once.
 * Void when the friend's e-mail or phone was seen on a withdrawn account (a duplicate person).
 */
export async function grantReferralRewards(
  tx: Tx,
  friend: { id: string; referredBy: string | null; emailHash: string; phoneHash: string },
): Promise<boolean> {
  if (!friend.referredBy) return false;
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, friend.referredBy), isNull(users.withdrawnAt)));
  if (!referrer || referrer.id === friend.id) return false;
  if (await isWithdrawnPerson(tx, { emailHash: friend.emailHash, phoneHash: friend.phoneHash })) return false;

  const toFriend = await applyPointChange(tx, {
    userId: friend.id,
    points: REFERRAL_POINTS,
    reason: 'referral_friend',
    ref: 'referral',
    memo: messages.memoReferralFriend,
  });
  if (!toFriend.applied) return false;
  await applyPointChange(tx, {
    userId: referrer.id,
    points: REFERRAL_POINTS,
    reason: 'referral_referrer',
    ref: friend.id,
    memo: messages.memoReferralReferrer,
  });
  return true;
}
