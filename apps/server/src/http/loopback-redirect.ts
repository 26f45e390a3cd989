import { DomainError, openSiteAt } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Development only: the site answers at localhost and 127.0.0.1 alike, but cookies, the sign-in
 * redirect and the same-origin check belong to PUBLIC_URL's name. A page opened on the other
 * loopback name is sent to PUBLIC_URL; an API call from it is told which address to open, instead
 * of a misleading アクセス権限がありません.
 */
export function registerLoopbackRedirect(app: FastifyInstance, publicUrl: string) {
  const site = new URL(publicUrl);
  if (!LOOPBACK_NAMES.has(site.hostname)) return;
  const isOtherLoopback = (origin: string) => {
    if (!URL.canParse(origin)) return false;
    const url = new URL(origin);
    return (
      url.protocol === site.protocol &&
      url.port === site.port &&
      url.hostname !== site.hostname &&
      LOOPBACK_NAMES.has(url.hostname)
    );
  };
  app.addHook('onRequest', async (request, reply) => {
    const onOtherHost = isOtherLoopback(`${site.protocol}//${request.headers.host ?? ''}`);
    const fromOtherOrigin = isOtherLoopback(request.headers.origin ?? '');
    if (!onOtherHost && !fromOtherOrigin) return;
    const isApi = request.url.startsWith('/api/');
    if (onOtherHost && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.redirect(`${site.origin}${request.url}`, 307);
    }
    throw new DomainError('FORBIDDEN', openSiteAt(site.origin));
  });
}
