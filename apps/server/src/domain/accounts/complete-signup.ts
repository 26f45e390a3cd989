import {
  ageOn,
  DomainError,
  daysInMonth,
  MINIMUM_AGE,
  messages,
  type ParsedSignupBody,
} from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { applyPointChange } from '../points/ledger.ts';
import { isWithdrawnPerson } from './is-withdrawn-person.ts';
import { lookupZipCode } from './lookup-zip-code.ts';
import { signupBonusFor } from './signup-bonus.ts';

export interface CompleteSignupOptions {
  db: Database;
  userId: string;
  input: ParsedSignupBody;
  now?: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The profile form after the first sign-in (SPEC §5 Signup). Saves the profile once and credits
 * the signup bonus once per person, in one transaction; the amount is computed here, never sent.
 */
export async function completeSignup({ db, userId, input: body, now = new Date() }: CompleteSignupOptions) {
  if (body.birthDay > daysInMonth(body.birthYear, body.birthMonth)) {
    throw new DomainError('VALIDATION', messages.birthDateIncomplete);
  }
  const birthDate = `${body.birthYear}-${pad(body.birthMonth)}-${pad(body.birthDay)}`;
  const age = ageOn(birthDate, now);
  if (age < MINIMUM_AGE) throw new DomainError('VALIDATION', messages.underage);
  if (age > 120) throw new DomainError('VALIDATION', messages.birthDateIncomplete);
  const address = body.zipCode ? lookupZipCode(body.zipCode) : null;
  if (body.zipCode && !address) throw new DomainError('VALIDATION', messages.zipAddressUnresolved);

  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('UNAUTHENTICATED');
    if (user.signupCompletedAt) return { bonus: 0, alreadyCompleted: true };

    const withdrawnBefore = await isWithdrawnPerson(tx, { emailHash: user.emailHash });
    let referredBy: string | null = null;
    if (body.referralCode && !withdrawnBefore && body.referralCode !== user.referralCode) {
      const [referrer] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.referralCode} = ${body.referralCode} and ${users.withdrawnAt} is null`);
      if (referrer) referredBy = body.referralCode;
    }

    const profile = {
      zipCode: body.zipCode || null,
      gender: body.gender || null,
      maritalStatus: body.maritalStatus || null,
      hasChildren: body.hasChildren,
      occupation: body.occupation || null,
      annualIncome: body.annualIncome || null,
    };
    await tx
      .update(users)
      .set({
        ...profile,
        prefecture: address?.prefecture ?? null,
        city: address?.city ?? null,
        birthDate,
        referredBy,
        signupCompletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));

    if (withdrawnBefore) return { bonus: 0, alreadyCompleted: false };
    const bonus = signupBonusFor(profile);
    const result = await applyPointChange(tx, {
      userId,
      points: bonus,
      reason: 'signup_bonus',
      ref: 'signup',
      memo: messages.memoSignupBonus,
    });
    return { bonus: result.applied ? bonus : 0, alreadyCompleted: false };
  });
}
