import { type AdvertiserSignUpBody, DomainError } from '@quiz-points/shared';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import type { PasswordActionOptions } from './password-action-options.ts';

/** Where the confirmation link lands once it has signed the advertiser in. */
export const VERIFIED_CALLBACK_PATH = '/advertiser?verified=1';

/**
 * Creates an advertiser account (role advertiser, by the auth hook for password sign-ups) and mails
 * the confirmation link. The account cannot sign in until the link is opened. An address belongs to
 * one account (docs/decisions/012-who-is-who.md), and the admin's address to the admin's
 * Google identity alone: both are refused with the same answer, so the refusal reveals nothing more.
 */
export async function signUpAdvertiser(
  options: PasswordActionOptions<AdvertiserSignUpBody> & { adminEmail: string },
) {
  const { db, auth, ip, input: body } = options;
  await consumeRateLimit(db, { key: `advertiser-sign-up:ip:${ip}`, limit: 30, windowSeconds: 3600 });
  const email = body.email.toLowerCase();
  if (email === options.adminEmail.toLowerCase()) throw new DomainError('EMAIL_TAKEN');
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw new DomainError('EMAIL_TAKEN');
  try {
    await auth.api.signUpEmail({
      body: {
        email,
        password: body.password,
        name: body.displayName,
        displayName: body.displayName,
        callbackURL: VERIFIED_CALLBACK_PATH,
      },
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique index lets one through.
    if (isAPIError(error) && error.statusCode === 422) throw new DomainError('EMAIL_TAKEN');
    throw error;
  }
  // The invoices' addressee, when given: kept on the new account's row.
  const companyName = body.companyName?.trim() || null;
  const companyAddress = body.companyAddress?.trim() || null;
  if (companyName || companyAddress) {
    await db.update(users).set({ companyName, companyAddress }).where(eq(users.email, email));
  }
  return { ok: true as const };
}
