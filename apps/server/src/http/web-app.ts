import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPageRoute } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '../services/identity/auth.ts';
import { sendNotFound } from './error-handler.ts';

/** What the browser app needs to know before its first render, embedded in index.html. */
export interface ClientConfig {
  adWaitSeconds: number;
  /** SPEC §3: the card-payment provider's publishable key (null with the local stand-in). */
  paymentsPublishableKey: string | null;
}

/**
 * Whether the request carries a session cookie at all (not whether it is valid: no database read).
 * Without one the app draws the landing page at once instead of first asking who is signed in.
 */
const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`);

const PLACEHOLDER = '<!--client-config-->';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html (with the client
 * configuration embedded as inert JSON, which the CSP allows) for every page route.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; client: ClientConfig; reloadIndex: boolean },
) {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    throw new Error(`The web app is not built (${indexPath} is missing): run npm run build first.`);
  }
  const renderIndex = (hasSession: boolean) => {
    const json = JSON.stringify({ ...options.client, hasSession }).replaceAll('<', '\\u003c');
    return fs
      .readFileSync(indexPath, 'utf8')
      .replace(PLACEHOLDER, `<script type="application/json" id="client-config">${json}</script>`);
  };
  const built = { true: renderIndex(true), false: renderIndex(false) };
  // In development the watcher rebuilds the app, so index.html is read afresh on each request.
  const indexHtml = (hasSession: boolean) =>
    options.reloadIndex ? renderIndex(hasSession) : built[hasSession ? 'true' : 'false'];

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  // Browsers ask for /favicon.ico on pages that name no icon (the development pages).
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return sendNotFound(reply);
    return reply
      .status(isPageRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .header('vary', 'cookie')
      .send(indexHtml(sessionCookie.test(request.headers.cookie ?? '')));
  });
}
