import type { Me } from '@quiz-points/shared';
import type { UserRow } from '../../http/guards.ts';

/** What the browser may know about the signed-in person. */
export function toMe(user: UserRow, adminEmail: string): Me {
  const isAdmin = user.email.toLowerCase() === adminEmail;
  return {
    uid: user.id,
    name: user.name,
    email: user.email,
    role: user.role === 'advertiser' ? 'advertiser' : 'user',
    isAdmin,
    points: user.points,
    isSuspended: user.banned,
    isVerified: user.phoneVerifiedAt !== null,
    // The operator account needs no user profile.
    needsSignup: user.role === 'user' && user.birthDate === null && !isAdmin,
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
  };
}
