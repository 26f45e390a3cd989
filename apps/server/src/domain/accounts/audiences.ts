import type { users } from '../../db/schema.ts';

/**
 * Who is who (SPEC-NOTES "Who is who", decision 012). The admin is decided here. Who is a member
 * (a Google user who completed signup and is 18 or over today) is decided once, in the database,
 * by `qp_is_member` (member.sql), because the hot paths apply it inside their
 * single statement; the session lookup reads it for the guards and `/api/me`.
 */
type Person = Pick<typeof users.$inferSelect, 'role' | 'email' | 'emailVerified' | 'withdrawnAt'>;

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
