import { rateLimits } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { consumeRateLimit } from '../../domain/rate-limits/consume-rate-limit.ts';
import type { Auth } from '../../services/identity/auth.ts';

/**
 * better-auth's paths that start a Google sign-in; each stores a state row in auth_verifications.
 * (This better-auth serves the generic OAuth provider at /sign-in/social; /sign-in/oauth2 is the
 * plugin's path in other versions, limited too so an upgrade cannot open it unlimited.)
 */
const SIGN_IN_START_PATHS = new Set(['/api/auth/sign-in/social', '/api/auth/sign-in/oauth2']);
/**
 * Sign-in starts per client address: a state lives 10 minutes, so one address holds at most 300 at
 * once. A person starts a sign-in a few times a month (sessions last 30 days); the room is for many
 * people behind one address (offices, mobile carriers' shared addresses).
 */

/** Hands /api/auth/* to better-auth, translating between Fastify and the Fetch API. */
export function registerAuthRoutes(
  app: FastifyInstance,
  { auth, db, publicUrl }: { auth: Auth; db: Database; publicUrl: string },
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      // Checked on the very URL better-auth routes, so no other spelling of the path gets past it.
      // Callbacks are not limited: they finish a sign-in that was already counted.
      if (SIGN_IN_START_PATHS.has(url.pathname)) {
        await consumeRateLimit(db, { key: `sign-in-start:ip:${request.ip}`, ...rateLimits.signInStart });
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
      }
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
