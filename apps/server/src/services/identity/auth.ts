import {
  EMAIL_USED_BY_ADVERTISER,
  messages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@quiz-points/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { hashEmail } from '../../db/email-hash.ts';
import { authAccounts, authSessions, authVerifications, users } from '../../db/schema.ts';

export const GOOGLE_PROVIDER_ID = 'google';
/** better-auth names its session cookie `<prefix>.session_token` (`__Secure-` in front over HTTPS). */
export const AUTH_COOKIE_PREFIX = 'qp';
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
/**
 * What authentication asks of the rest of the app, handed in by its wiring (http/app.ts), so this
 * service knows no business rule: the mails with a link, a new member's referral code, and what a
 * sign-in and a Google profile change.
 */
export interface AuthActions {
  /** Sends the mail with the link; rejects when it did not go (the link is the whole answer). */
  sendLinkMail(
    kind: 'passwordReset' | 'emailVerification',
    to: { email: string; name: string },
    url: string,
  ): Promise<void>;
  newReferralCode(): string;
  /** Once a session is committed. */
  recordSignIn(userId: string, at: Date): Promise<void>;
  /** Before a Google sign-in looks the address up: Google has proven it belongs to this person. */
  releaseUnconfirmedSignUp(email: string): Promise<void>;
}

export interface AuthOptions {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  actions: AuthActions;
}

/** The only way to create a password account; its HTTP path is disabled, our endpoint calls it. */
export const PASSWORD_SIGN_UP_PATH = '/sign-up/email';

/**
 * better-auth's HTTP paths that our own /api/advertiser/* endpoints replace (they add database rate
 * limits and the advertiser check, then call these on the server). The reset link itself
 * (GET /reset-password/:token) and e-mail verification stay reachable.
 */
const REPLACED_PATHS = [
  PASSWORD_SIGN_UP_PATH,
  '/sign-in/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
  '/change-password',
  '/change-email',
  '/set-password',
];

/**
 * better-auth's log lines go to our structured log. The in-process development provider is not
 * listening yet when better-auth first reads its discovery document; better-auth reads it again at
 * the first sign-in, so that miss is only informational.
 */
function authLogger(log: FastifyBaseLogger, devProvider: boolean) {
  return {
    log(level: 'debug' | 'info' | 'success' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const expectedMiss = devProvider && /Discovery fetch failed|discovery left no usable/.test(message);
      const pinoLevel = expectedMiss ? 'info' : level === 'success' ? 'info' : level;
      // An error goes as `err`, so the logger's error handling (and its redaction) applies to it.
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      log[pinoLevel](
        { ...(err ? { err } : {}), ...(rest.length > 0 ? { args: rest } : {}) },
        `[better-auth] ${message}`,
      );
    },
  };
}

/** better-auth on our own tables: Google through OpenID Connect discovery, sessions in the database. */
export function createAuth({ config, db, log, actions }: AuthOptions) {
  const { google } = config.identity;
  return betterAuth({
    appName: 'クイズポイント',
    logger: authLogger(log, config.identity.devProvider),
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    disabledPaths: REPLACED_PATHS,
    user: {
      additionalFields: {
        role: { type: 'string', input: false, required: false, defaultValue: 'user' },
        emailHash: { type: 'string', input: false, required: false },
        referralCode: { type: 'string', input: false, required: false },
        displayName: { type: 'string', input: true, required: false },
      },
    },
    // Advertisers (SPEC §6): e-mail and password, confirmed by a mailed link before the first sign-in.
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, url }) => actions.sendLinkMail('passwordReset', user, url),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: ({ user, url }) => actions.sendLinkMail('emailVerification', user, url),
    },
    // One address, one account (docs/decisions/012-who-is-who.md). Linking stays on so
    // a Google sign-in can take up an account made for it (the seeded admin), but never a password one.
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    // Limits are ours, kept in the database (see domain/rate-limits), so they hold across instances.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https:'),
      // better-auth would read X-Forwarded-For itself, whoever sent it; the client address is
      // `request.ip` alone (trusted-proxies.ts), and sessions need none.
      ipAddress: { disableIpTracking: true },
      cookiePrefix: AUTH_COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      account: {
        create: {
          // A Google identity never joins a password (advertiser) account: the address is taken.
          before: async (account) => {
            if (account.providerId !== GOOGLE_PROVIDER_ID) return;
            const [owner] = await db
              .select({ role: users.role })
              .from(users)
              .where(eq(users.id, account.userId));
            if (owner?.role === 'advertiser') {
              throw new APIError('FORBIDDEN', {
                code: EMAIL_USED_BY_ADVERTISER,
                message: messages.emailUsedByAdvertiser,
              });
            }
          },
        },
      },
      session: {
        create: {
          // Runs once the session is committed: the admin's user page shows the last sign-in.
          after: async (session) => {
            await actions.recordSignIn(session.userId, session.createdAt);
          },
        },
      },
      user: {
        create: {
          // A password account can only come from the advertiser sign-up; Google makes users.
          before: async (user, context) => ({
            data: {
              ...user,
              emailHash: hashEmail(user.email),
              referralCode: actions.newReferralCode(),
              role: context?.path === PASSWORD_SIGN_UP_PATH ? 'advertiser' : 'user',
            },
          }),
        },
      },
    },
    plugins: [
      genericOAuth({
        config: [
          {
            providerId: GOOGLE_PROVIDER_ID,
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            discoveryUrl: google.discoveryUrl,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
            // Runs before better-auth looks the address up: an advertiser sign-up nobody confirmed does
            // not stand between the address's owner, proven by Google, and joining.
            mapProfileToUser: async (profile) => {
              if (typeof profile.email === 'string' && profile.email_verified === true) {
                await actions.releaseUnconfirmedSignUp(profile.email);
              }
              return {};
            },
          },
        ],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
