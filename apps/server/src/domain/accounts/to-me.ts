import { japanIsoDate, type Me, streakShownOn } from '@quiz-points/shared';
import type { UserRow } from '../user-row.ts';
import { isAdmin } from './audiences.ts';

/** What the browser may know about the signed-in person. */
export function toMe(
  user: UserRow,
  { adminEmail, isMember, now }: { adminEmail: string; isMember: boolean; now: Date },
): Me {
  const admin = isAdmin(user, adminEmail);
  return {
    uid: user.id,
    name: user.name,
    email: user.email,
    role: user.role === 'advertiser' ? 'advertiser' : 'user',
    isAdmin: admin,
    points: user.points,
    isSuspended: user.banned,
    isVerified: user.phoneVerifiedAt !== null,
    // A Google user who is not a member (no finished signup, or under 18) is sent to signup; the
    // admin never is: the operator's account is no member's profile.
    needsSignup: user.role === 'user' && !isMember && !admin,
    referralCode: user.referralCode,
    birthDate: user.birthDate,
    gender: user.gender,
    zipCode: user.zipCode,
    prefecture: user.prefecture,
    city: user.city,
    maritalStatus: user.maritalStatus,
    hasChildren: user.hasChildren,
    occupation: user.occupation,
    annualIncome: user.annualIncome,
    lastDailyClaim: user.lastDailyClaim?.toISOString() ?? null,
    lastDailyQuizId: user.lastDailyQuizId,
    streakDays: streakShownOn(
      { days: user.earningStreakDays, lastDay: user.earningStreakLastDay },
      japanIsoDate(now),
    ),
    signedUpAt: user.signupCompletedAt?.toISOString() ?? null,
  };
}
