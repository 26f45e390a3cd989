import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
  /** The qualified-invoice issuer shown on the advertiser legal pages (INVOICE_ISSUER_NAME, …_NUMBER). */
  invoiceIssuerName?: string;
  invoiceRegistrationNumber?: string;
}

/**
 * Whether the request carries a session cookie at all (not whether it is valid: no database read).
 * Without one the app draws the landing page at once instead of first asking who is signed in.
 */
const sessionCookie = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`);

const PLACEHOLDER = '<!--client-config-->';

/** The areas whose pages share a frame: the member's site, and the two consoles. */
type ShellArea = 'user' | 'advertiser' | 'admin';

const shellAreaOf = (route: string): ShellArea =>
  route === '/admin' || route.startsWith('/admin/')
    ? 'admin'
    : route.startsWith('/advertiser')
      ? 'advertiser'
      : 'user';

/** What the web build's pre-rendering wrote (apps/web/scripts/prerender.mjs). */
interface PrerenderedPages {
  /** Each public page's signed-out HTML, with the configuration it shows when it shows any. */
  pages: Record<string, { file: string; renderedWith?: Partial<ClientConfig> }>;
  /** The layout with a loading bar, per area (user, advertiser, admin) and with or without a session. */
  shells: Record<`${ShellArea}-${'session' | 'visitor'}`, string>;
}

/** The HTML for each kind of request, with the client configuration embedded. */
interface PageHtml {
  pages: Map<string, string>;
  shell: (area: ShellArea, hasSession: boolean) => string;
  notFound: (hasSession: boolean) => string;
}

/**
 * Serves the built web app: hashed assets with a long cache and, for every page route, HTML with
 * the client configuration embedded as inert JSON (which the CSP allows). A request without a
 * session cookie for a public page gets that page pre-rendered, so it paints before any script
 * runs; any other page route gets the layout with a loading bar; an unknown page gets index.html,
 * whose app draws the not-found page.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; client: ClientConfig; reloadIndex: boolean },
) {
  const indexPath = path.join(options.distDir, 'index.html');
  const prerenderedDir = path.join(options.distDir, 'prerendered');
  const manifestPath = path.join(prerenderedDir, 'pages.json');
  for (const required of options.reloadIndex ? [indexPath] : [indexPath, manifestPath]) {
    if (!fs.existsSync(required)) {
      throw new Error(`The web app is not built (${required} is missing): run npm run build first.`);
    }
  }
  const withConfig = (file: string, hasSession: boolean) => {
    const json = JSON.stringify({ ...options.client, hasSession }).replaceAll('<', '\\u003c');
    return fs
      .readFileSync(file, 'utf8')
      .replace(PLACEHOLDER, `<script type="application/json" id="client-config">${json}</script>`);
  };
  const indexOnly = (): PageHtml => ({
    pages: new Map(),
    shell: (_area, hasSession) => withConfig(indexPath, hasSession),
    notFound: (hasSession) => withConfig(indexPath, hasSession),
  });
  const build = (): PageHtml => {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as PrerenderedPages;
    const html = (file: string, hasSession: boolean) =>
      withConfig(path.join(prerenderedDir, file), hasSession);
    // A page that shows a configuration value (the demo's wait) is sent only when it shows ours.
    const showsOurs = ({ renderedWith = {} }: PrerenderedPages['pages'][string]) =>
      Object.entries(renderedWith).every(
        ([key, value]) => options.client[key as keyof ClientConfig] === value,
      );
    const pages = new Map(
      Object.entries(manifest.pages)
        .filter(([, page]) => showsOurs(page))
        .map(([route, page]) => [route, html(page.file, false)]),
    );
    const shells = new Map(
      Object.entries(manifest.shells).map(([key, file]) => [key, html(file, key.endsWith('-session'))]),
    );
    const notFound = { true: withConfig(indexPath, true), false: withConfig(indexPath, false) };
    return {
      pages,
      shell: (area, hasSession) => shells.get(`${area}-${hasSession ? 'session' : 'visitor'}`)!,
      notFound: (hasSession) => notFound[hasSession ? 'true' : 'false'],
    };
  };
  // In development the watcher rebuilds the app without pre-rendering, so every page is index.html,
  // read afresh on each request.
  const built = options.reloadIndex ? undefined : build();
  const pageHtml = () => built ?? indexOnly();

  const htmlFor = (pathname: string, hasSession: boolean): string => {
    const html = pageHtml();
    if (!isPageRoute(pathname)) return html.notFound(hasSession);
    const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const prerendered = hasSession ? undefined : html.pages.get(route);
    return prerendered ?? html.shell(shellAreaOf(route), hasSession);
  };

  // A pre-rendered page is ~14 KB, ~3 KB compressed: each HTML is compressed once, on first use
  // (not in development, where it is read afresh each time).
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();
  const compress = (html: string) => {
    let found = compressed.get(html);
    if (!found) {
      const br = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      found = { br, gzip: zlib.gzipSync(html, { level: 9 }) };
      compressed.set(html, found);
    }
    return found;
  };
  const encodingFor = (acceptEncoding: string) => {
    const accepted = acceptEncoding.split(',').map((part) => part.split(';')[0]?.trim());
    return options.reloadIndex
      ? undefined
      : (['br', 'gzip'] as const).find((name) => accepted.includes(name));
  };

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: false,
    // The pre-rendered pages are sent by the page routes below, with the client configuration.
    globIgnore: ['prerendered/**'],
    preCompressed: true,
    // send's own Cache-Control (max-age=0) would be written over ours: ours is the only one.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is checked on every visit, so a deploy reaches installed apps at once;
      // so is its compressed copy, which is what most browsers are sent.
      const worker = /^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath));
      res.setHeader(
        'cache-control',
        worker ? 'no-cache' : immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  // Browsers ask for /favicon.ico on pages that name no icon (the development pages).
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return sendNotFound(reply);
    const html = htmlFor(pathname, sessionCookie.test(request.headers.cookie ?? ''));
    const encoding = encodingFor(request.headers['accept-encoding'] ?? '');
    reply
      .status(isPageRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .header('vary', 'cookie, accept-encoding');
    if (encoding === undefined) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compress(html)[encoding]);
  });
}
