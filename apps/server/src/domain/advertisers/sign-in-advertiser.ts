import {
  type AdvertiserSignInBody,
  advertiserConsoleMessages,
  DomainError,
  type ErrorCode,
  signInWaitMessage,
} from '@quiz-points/shared';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema.ts';
import type { Auth } from '../../services/identity/auth.ts';
import { isAdmin } from '../accounts/audiences.ts';
import { clearRateLimit } from '../rate-limits/clear-rate-limit.ts';
import { consumeBackoff } from '../rate-limits/consume-backoff.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import { refundRateLimit } from '../rate-limits/refund-rate-limit.ts';
import type { UserRow } from '../user-row.ts';
import type { PasswordActionOptions } from './password-action-options.ts';
import { toAdvertiserMe } from './to-advertiser-me.ts';

/** Wrong passwords for one account from one client address: 5 free, then 1 s, 2 s, 4 s … up to 5 min. */
const PAIR_BACKOFF = { freeAttempts: 5, maxDelaySeconds: 300, forgetAfterSeconds: 86_400 };
/** Wrong passwords from one client address over all accounts: one address cannot try many accounts. */
const ADDRESS_FAILURE_LIMIT = { limit: 50, windowSeconds: 3600 };

/**
 * Password sign-in for the advertiser area. Wrong passwords slow down the client address that sends
 * them, per account and in all, with the counts in the database; the account itself is never locked,
 * so the owner signs in from their own address whatever an attacker does elsewhere. A
 * password account that is not an advertiser (SPEC §6) gets 広告主アカウントではありません。 and the
 * session just made is deleted, so it never reaches the browser as a usable sign-in.
 */
export async function signInAdvertiser(
  options: PasswordActionOptions<AdvertiserSignInBody> & { adminEmail: string },
) {
  const { db, auth, ip, input } = options;
  const email = input.email.toLowerCase();
  const addressKey = `advertiser-sign-in:ip:${ip}`;
  const pairKey = `advertiser-sign-in:pair:${ip} ${email}`;
  // Each attempt counts as a failure before the password is checked, so attempts racing in parallel
  // cannot all pass before one is written; a right password takes its count back.
  await consumeRateLimit(db, { key: addressKey, ...ADDRESS_FAILURE_LIMIT });
  const waitSeconds = await consumeBackoff(db, { key: pairKey, ...PAIR_BACKOFF });
  if (waitSeconds > 0) {
    await refundRateLimit(db, addressKey);
    throw new DomainError('RATE_LIMITED', signInWaitMessage(waitSeconds));
  }
  const passwordWasRight = async () => {
    await clearRateLimit(db, pairKey);
    await refundRateLimit(db, addressKey);
  };

  let signedIn: Awaited<ReturnType<typeof signInEmail>>;
  try {
    signedIn = await signInEmail(auth, email, input.password);
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 403) {
      // better-auth checks the password before the e-mail confirmation.
      await passwordWasRight();
      throw new DomainError('EMAIL_NOT_VERIFIED');
    }
    if (isAPIError(error) && error.statusCode < 500) throw new DomainError('LOGIN_FAILED');
    throw error;
  }
  await passwordWasRight();
  const [user] = await db.select().from(users).where(eq(users.id, signedIn.response.user.id));
  const refusal = refusalOf(user);
  if (!user || refusal) {
    await db.delete(authSessions).where(eq(authSessions.token, signedIn.response.token));
    // A suspended advertiser is told why, and whom to contact.
    throw refusal === 'SUSPENDED'
      ? new DomainError('SUSPENDED', advertiserConsoleMessages.signInSuspended)
      : new DomainError(refusal ?? 'LOGIN_FAILED');
  }
  return {
    setCookies: signedIn.headers.getSetCookie(),
    advertiser: await toAdvertiserMe(db, user, isAdmin(user, options.adminEmail)),
  };
}

/** Why a correct password still may not sign in here, if it may not. */
function refusalOf(user: UserRow | undefined): ErrorCode | null {
  if (!user || user.withdrawnAt) return 'LOGIN_FAILED';
  if (user.role !== 'advertiser') return 'NOT_ADVERTISER';
  if (user.banned) return 'SUSPENDED';
  return null;
}

function signInEmail(auth: Auth, email: string, password: string) {
  return auth.api.signInEmail({ body: { email, password, rememberMe: true }, returnHeaders: true });
}
