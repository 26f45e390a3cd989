import { randomInt } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { hashEmail } from '../../db/email-hash.ts';
import { authAccounts, authSessions, authVerifications, users } from '../../db/schema.ts';

export const GOOGLE_PROVIDER_ID = 'google';
const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** SPEC §3: 8 random alphanumerics. The unique index guards the (1 in 2×10^14) collision. */
export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => ALPHANUMERICS[randomInt(ALPHANUMERICS.length)]).join('');
}

export interface AuthOptions {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
}

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
      log[pinoLevel]({ args }, `[better-auth] ${message}`);
    },
  };
}

/** better-auth on our own tables: Google through OpenID Connect discovery, sessions in the database. */
export function createAuth({ config, db, log }: AuthOptions) {
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
    user: {
      additionalFields: {
        role: { type: 'string', input: false, required: false, defaultValue: 'user' },
        emailHash: { type: 'string', input: false, required: false },
        referralCode: { type: 'string', input: false, required: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Limits are ours, kept in the database (see domain/rate-limits), so they hold across instances.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https:'),
      cookiePrefix: 'qp',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, emailHash: hashEmail(user.email), referralCode: newReferralCode() },
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
          },
        ],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
