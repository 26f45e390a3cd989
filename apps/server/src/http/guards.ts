import { DomainError, messages } from '@quiz-points/shared';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { isAdmin } from '../domain/accounts/audiences.ts';
import type { UserRow } from '../domain/user-row.ts';
import type { Auth } from '../services/identity/auth.ts';
import { lookUpSession, type SessionUser, sessionTokenOf } from '../services/identity/session-lookup.ts';

export interface Guards {
  /** The signed-in person, read fresh from the database (suspension takes effect at once), or null. */
  currentUser(request: FastifyRequest): Promise<UserRow | null>;
  /** Anyone signed in (any kind, suspended or not: withdrawal), or 401. */
  requireSignedIn(request: FastifyRequest): Promise<UserRow>;
  /** A person signed in with Google who is not suspended (a member or not yet: signup needs this). */
  requireUser(request: FastifyRequest): Promise<UserRow>;
  /** A member (signup completed, 18 or over): everything that earns, spends, refers or edits the profile. */
  requireMember(request: FastifyRequest): Promise<UserRow>;
  requireAdvertiser(request: FastifyRequest): Promise<UserRow>;
  /** An advertiser, or the admin (who may place house ads at no charge). */
  requireAdvertiserOrAdmin(request: FastifyRequest): Promise<{ user: UserRow; isAdmin: boolean }>;
  requireAdmin(request: FastifyRequest): Promise<UserRow>;
  /** When the current session began (for actions that need a fresh sign-in). */
  sessionStartedAt(request: FastifyRequest): Promise<Date | null>;
  /** Whether the signed-in person is a member (the database decides: qp_is_member). */
  isMember(request: FastifyRequest): Promise<boolean>;
  /**
   * The request's session token, its signature checked, for a hot path that looks the session up
   * in its own single statement (and applies the member rule there). No database read here.
   */
  sessionToken(request: FastifyRequest): Promise<string>;
}

export function createGuards({
  auth,
  db,
  adminEmail,
}: {
  auth: Auth;
  db: Database;
  adminEmail: string;
}): Guards {
  // One lookup per request, however many guards ask.
  const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const sessionOf = (request: FastifyRequest) => {
    let session = sessions.get(request);
    if (!session) {
      session = lookUpSession({ auth, db, cookieHeader: request.headers.cookie });
      sessions.set(request, session);
    }
    return session;
  };

  async function currentUser(request: FastifyRequest) {
    const session = await sessionOf(request);
    return session && !session.user.withdrawnAt ? session.user : null;
  }

  async function signedIn(request: FastifyRequest) {
    const user = await currentUser(request);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return user;
  }

  async function requireUser(request: FastifyRequest) {
    const user = await signedIn(request);
    if (user.role !== 'user') throw new DomainError('FORBIDDEN');
    if (user.banned) throw new DomainError('SUSPENDED', messages.suspendedNotice);
    return user;
  }

  return {
    currentUser,
    requireSignedIn: signedIn,
    requireUser,
    async requireMember(request) {
      const user = await requireUser(request);
      if (!(await sessionOf(request))?.isMember) throw new DomainError('SIGNUP_REQUIRED');
      return user;
    },
    async requireAdvertiser(request) {
      const user = await signedIn(request);
      if (user.role !== 'advertiser') throw new DomainError('NOT_ADVERTISER');
      if (user.banned) throw new DomainError('SUSPENDED', messages.suspendedNotice);
      return user;
    },
    async requireAdvertiserOrAdmin(request) {
      const user = await signedIn(request);
      if (isAdmin(user, adminEmail)) return { user, isAdmin: true };
      if (user.role !== 'advertiser') throw new DomainError('NOT_ADVERTISER');
      if (user.banned) throw new DomainError('SUSPENDED', messages.suspendedNotice);
      return { user, isAdmin: false };
    },
    async requireAdmin(request) {
      const user = await signedIn(request);
      if (!isAdmin(user, adminEmail)) throw new DomainError('FORBIDDEN', messages.forbidden);
      return user;
    },
    async sessionStartedAt(request) {
      return (await sessionOf(request))?.sessionCreatedAt ?? null;
    },
    async isMember(request) {
      return (await sessionOf(request))?.isMember ?? false;
    },
    async sessionToken(request) {
      const token = await sessionTokenOf(auth, request.headers.cookie);
      if (!token) throw new DomainError('UNAUTHENTICATED');
      return token;
    },
  };
}
