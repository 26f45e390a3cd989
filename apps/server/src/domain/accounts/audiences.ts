import { ageOn, MINIMUM_AGE } from '@quiz-points/shared';
import type { users } from '../../db/schema.ts';

/**
 * Who is who (SPEC-NOTES "Who is who"): the one place that says who the admin is and who is a
 * member. Guards, the browser's view of the signed-in person and the sign-in flows all ask here.
 */
type Person = Pick<
  typeof users.$inferSelect,
  'role' | 'email' | 'emailVerified' | 'birthDate' | 'signupCompletedAt' | 'withdrawnAt'
>;

/**
 * The admin is the Google identity whose verified e-mail is ADMIN_EMAIL. Only a Google sign-in
 * creates a `user` account (a password sign-up always makes an advertiser, and a Google identity
 * never links to a password account: services/identity/auth.ts), so a password account is never
 * the admin, whatever its address.
 */
export function isAdmin(person: Person, adminEmail: string): boolean {
  return (
    person.role === 'user' &&
    person.emailVerified &&
    person.withdrawnAt === null &&
    person.email.toLowerCase() === adminEmail.toLowerCase()
  );
}

/**
 * A member may earn, spend and refer: a Google user who completed signup and is 18 or over today
 * (Japan time). Anyone else signed in with Google is sent to signup, the admin included: operating
 * the site needs no profile, earning does.
 */
export function isMember(person: Person, now: Date): boolean {
  return (
    person.role === 'user' &&
    person.withdrawnAt === null &&
    person.signupCompletedAt !== null &&
    person.birthDate !== null &&
    ageOn(person.birthDate, now) >= MINIMUM_AGE
  );
}
