import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema.ts';
import { type Auth, SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.ts';

export type SessionUser = {
  user: typeof users.$inferSelect;
  sessionCreatedAt: Date;
  /** qp_is_member (domain/accounts/member.sql): signup completed and 18 or over today, decided by the database. */
  isMember: boolean;
};

/** The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`), or null. */
export function readSignedToken(cookieHeader: string | undefined, cookieName: string, secret: string) {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

/**
 * The signed-in person in one round trip: the cookie's signature checked here, then the session
 * and its user read together (fresh, so a suspension or sign-out takes effect at once). This is
 * what better-auth's getSession does in three queries; every API request pays it, so it matters
 * (docs/performance.md). Like getSession, a session in use is extended once a day.
 */
export async function lookUpSession(options: {
  auth: Auth;
  db: Database;
  cookieHeader: string | undefined;
}): Promise<SessionUser | null> {
  const token = await sessionTokenOf(options.auth, options.cookieHeader);
  if (!token) return null;
  const [row] = await options.db
    .select({
      user: users,
      sessionId: authSessions.id,
      createdAt: authSessions.createdAt,
      expiresAt: authSessions.expiresAt,
      isMember: sql<boolean>`qp_is_member(${users}, now())`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.token, token), gt(authSessions.expiresAt, sql`now()`)));
  if (!row) return null;
  const refreshAfter =
    row.expiresAt.getTime() - (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
  if (Date.now() > refreshAfter) {
    await options.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000), updatedAt: new Date() })
      .where(eq(authSessions.id, row.sessionId));
  }
  return { user: row.user, sessionCreatedAt: row.createdAt, isMember: row.isMember };
}

/** The session token of a request whose cookie is signed with our secret (no database read), or null. */
export async function sessionTokenOf(auth: Auth, cookieHeader: string | undefined): Promise<string | null> {
  const context = await auth.$context;
  return readSignedToken(cookieHeader, context.authCookies.sessionToken.name, context.secret);
}
