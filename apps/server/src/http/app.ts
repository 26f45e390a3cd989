import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerDevRoutes } from './routes/dev.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { registerPublicRoutes } from './routes/public.ts';
import { registerSampleAds } from './routes/sample-ads.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerWebApp } from './web-app.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 64 * 1024,
    // Reject, rather than strip, prototype-polluting keys in JSON bodies.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: config.isProduction,
  });
  // JSON only: a cross-site form or text/plain post cannot reach a state-changing endpoint.
  app.removeContentTypeParser('text/plain');

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  registerHealthRoutes(app, deps);
  registerPublicRoutes(app, deps);
  await registerSampleAds(app);
  if (!config.isProduction) registerDevRoutes(app, deps);
  await registerWebApp(app, { distDir: config.webDistDir, client: { adWaitSeconds: config.adWaitSeconds } });
  return app;
}
