import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const securityHeaderNames = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const cached = new WeakMap<FastifyInstance, Record<string, string>>();

/** Security headers on every response, with a Content Security Policy that allows no inline script. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  // Built once: @fastify/helmet built helmet's middleware, parsing the policy, on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // blob: is the ad form's preview of a chosen image file, before it is uploaded.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/**
 * The headers above, for the few replies Fastify's router sends before any hook runs (a malformed
 * URL, an over-long path parameter): read once from an ordinary reply of the same app.
 */
export async function securityHeadersOf(app: FastifyInstance): Promise<Record<string, string>> {
  const known = cached.get(app);
  if (known) return known;
  const probe = await app.inject({ method: 'GET', url: '/healthz' });
  const headers: Record<string, string> = {};
  for (const name of securityHeaderNames) {
    const value = probe.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  cached.set(app, headers);
  return headers;
}
