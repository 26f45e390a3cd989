import { advertiserSignInBody, type ErrorCode } from '@quiz-points/shared';
import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { UserRow } from '../../http/guards.ts';
import type { Auth } from '../../services/identity/auth.ts';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit.ts';
import { toAdvertiserMe } from './to-advertiser-me.ts';

/**
 * Password sign-in for the advertiser area. Limited per address and per IP in the database. A
 * password account that is not an advertiser (SPEC §6) gets 広告主アカウントではありません。 and the
 * session just made is deleted, so it never reaches the browser as a usable sign-in.
 */
export async function signInAdvertiser(options: {
  db: Database;
  auth: Auth;
  ip: string;
  input: unknown;
  adminEmail: string;
}) {
  const { db, auth, ip } = options;
  const body = advertiserSignInBody.parse(options.input);
  const email = body.email.toLowerCase();
  await consumeRateLimit(db, { key: `advertiser-sign-in:email:${email}`, limit: 10, windowSeconds: 900 });
  await consumeRateLimit(db, { key: `advertiser-sign-in:ip:${ip}`, limit: 50, windowSeconds: 900 });

  let signedIn: Awaited<ReturnType<typeof signInEmail>>;
  try {
    signedIn = await signInEmail(auth, email, body.password);
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 403) throw new DomainError('EMAIL_NOT_VERIFIED');
    if (isAPIError(error) && error.statusCode < 500) throw new DomainError('LOGIN_FAILED');
    throw error;
  }
  const [user] = await db.select().from(users).where(eq(users.id, signedIn.response.user.id));
  const refusal = refusalOf(user);
  if (!user || refusal) {
    await db.delete(authSessions).where(eq(authSessions.token, signedIn.response.token));
    throw new DomainError(refusal ?? 'LOGIN_FAILED');
  }
  const isAdmin = user.email.toLowerCase() === options.adminEmail;
  return {
    setCookies: signedIn.headers.getSetCookie(),
    advertiser: await toAdvertiserMe(db, user, isAdmin),
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
