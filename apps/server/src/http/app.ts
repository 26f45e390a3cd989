import Fastify, { type FastifyInstance } from 'fastify';
import { createAuth, GOOGLE_PROVIDER_ID } from '../services/identity/auth.ts';
import { registerDevOidcProvider } from '../services/identity/dev-oidc-provider.ts';
import { fastifyTrustProxy } from '../trusted-proxies.ts';
import { authActions } from './auth-actions.ts';
import { registerRoutes } from './define-route.ts';
import { frameworkErrors, registerErrorHandler } from './error-handler.ts';
import { createGuards } from './guards.ts';
import { registerJsonBodyParser } from './json-body-parser.ts';
import { loggerOptions } from './log-redaction.ts';
import { registerLoopbackRedirect } from './loopback-redirect.ts';
import { registerMetrics } from './metrics.ts';
import { createReadRouting } from './read-routing.ts';
import { registerUnstorableTextCheck } from './refuse-unstorable-text.ts';
import type { AppDeps, RouteDeps } from './route-deps.ts';
import { recordRouteTable } from './route-table.ts';
import { accountRoutes } from './routes/accounts.ts';
import { registerAdImageFiles } from './routes/ad-image-files.ts';
import { adminAdvertiserRoutes } from './routes/admin-advertisers.ts';
import { adminConsoleRoutes } from './routes/admin-console.ts';
import { adminSettingsRoutes } from './routes/admin-settings.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { advertiserBillingRoutes, registerPaymentWebhook } from './routes/advertiser-billing.ts';
import { advertiserRoutes } from './routes/advertisers.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { devRoutes, registerDevPages } from './routes/dev.ts';
import { registerDevPaymentRoutes } from './routes/dev-payments.ts';
import { earningRoutes } from './routes/earning.ts';
import { giftRoutes } from './routes/gifts.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { noticeRoutes } from './routes/notices.ts';
import { paymentFailureRoutes } from './routes/payment-failures.ts';
import { publicRoutes } from './routes/public.ts';
import { registerSampleAds } from './routes/sample-ads.ts';
import { registerSameOriginCheck } from './same-origin.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerWebApp } from './web-app.ts';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // The contract check is for tests; a production app never runs it, whatever it was asked.
  const routeOptions = { checkResponses: (deps.checkResponses ?? false) && !config.isProduction };
  const app = Fastify({
    // Secrets (cookies, tokens, codes, passwords, mail text) are redacted: http/log-redaction.ts.
    logger: loggerOptions(config.logLevel, deps.logDestination),
    bodyLimit: 64 * 1024,
    // Reject, rather than strip, prototype-polluting keys in JSON bodies.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors,
    // request.ip, the one client address the per-address limits use: the socket's unless the
    // socket is a proxy the operator named (TRUST_PROXY); never a header any client can write.
    trustProxy: fastifyTrustProxy(config.trustedProxies),
  });
  // First of every hook, so the request's span is the context of all the others (services/tracing).
  deps.tracing?.traceRequests(app);
  // JSON only: a cross-site form or text/plain post cannot reach a state-changing endpoint.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  recordRouteTable(app);

  const db = deps.database.db;
  const auth = createAuth({
    config,
    db,
    log: app.log,
    actions: authActions({ db, log: app.log, mailer: deps.mailer }),
  });
  const guards = createGuards({ auth, db: deps.database.db, adminEmail: config.adminEmail });
  const routeDeps: RouteDeps = { ...deps, ...routeOptions, auth, guards };

  // Lag-tolerant console reads may go to a replica (db/replica.ts); its state changes are logged.
  const reads = createReadRouting({
    database: deps.database,
    secureCookies: config.publicUrl.startsWith('https:'),
  });
  deps.database.replica?.useLog(app.log);

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  if (config.env === 'development') registerLoopbackRedirect(app, config.publicUrl);
  registerSameOriginCheck(app, config.publicUrl);
  registerUnstorableTextCheck(app);
  registerMetrics(app, deps);
  registerHealthRoutes(app, routeDeps);
  registerAuthRoutes(app, { auth, db: deps.database.db, publicUrl: config.publicUrl });
  // Declared routes (packages/shared/src/<area>/endpoints.ts), grouped by audience with one guard per group.
  await registerRoutes(
    app,
    guards,
    [
      publicRoutes,
      accountRoutes,
      adminUserRoutes,
      adminAdvertiserRoutes,
      adminConsoleRoutes,
      adminSettingsRoutes,
      earningRoutes,
      giftRoutes,
      noticeRoutes,
      advertiserRoutes,
      advertiserBillingRoutes,
      paymentFailureRoutes,
    ].flatMap((areaRoutes) => areaRoutes(routeDeps)),
    { ...routeOptions, reads },
  );
  await registerPaymentWebhook(app, routeDeps);
  await registerSampleAds(app);
  registerAdImageFiles(app, deps.images);
  if (!config.isProduction) {
    await registerRoutes(app, guards, devRoutes(routeDeps), routeOptions);
    registerDevPages(app, routeDeps);
    if (deps.payments.kind === 'local') await registerDevPaymentRoutes(app, routeDeps);
    if (config.identity.devProvider) {
      await registerDevOidcProvider(app, {
        db: deps.database.db,
        publicUrl: config.publicUrl,
        clientId: config.identity.google.clientId,
        clientSecret: config.identity.google.clientSecret,
        redirectUri: `${config.publicUrl}/api/auth/callback/${GOOGLE_PROVIDER_ID}`,
        cookieSecret: config.authSecret,
      });
    }
  }
  await registerWebApp(app, {
    distDir: config.webDistDir,
    client: {
      adWaitSeconds: config.adWaitSeconds,
      paymentsPublishableKey: config.payments.publishableKey,
      invoiceIssuerName: config.invoiceIssuerName,
      invoiceRegistrationNumber: config.invoiceRegistrationNumber,
    },
    reloadIndex: config.env === 'development',
  });
  return app;
}
