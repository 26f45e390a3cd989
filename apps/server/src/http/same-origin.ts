import { DomainError } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the JSON API, with the JSON-only body parsing and SameSite cookies: a browser
 * always sends Origin on a cross-site POST, and one from another origin is refused here.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== allowed) throw new DomainError('FORBIDDEN');
  });
}
