import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isPageRoute } from '@quiz-points/shared';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
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
  /** The template of each member's page the server draws with their data, by its route. */
  memberPages: Record<string, string>;
}

/** Where a member's page goes in its template, and the answers it was drawn from. */
const MEMBER_PAGE_MARKUP = '<!--member-page-->';
const QUERY_STATE = '<!--query-state-->';

/**
 * The browser app's server-side build (apps/web/src/entry-server.tsx, written to dist/server by the
 * web build): it draws a member's home and quiz page with their data (docs/decisions/040).
 */
interface MemberPageRenderer {
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
  renderMemberPage(
    url: string,
    config: ClientConfig & { hasSession: boolean },
  ): Promise<{ path: string; html: string; queryState: unknown } | undefined>;
}

/** Request headers not passed on to the app's own calls: they describe this request's body and its encoding. */
const notPassedOn = new Set([
  'accept',
  'accept-encoding',
  'content-length',
  'content-type',
  'if-modified-since',
  'if-none-match',
  'connection',
]);

/**
 * The app's calls while the server draws a page, answered by the server's own routes (light-my-request)
 * as the request the page is drawn for: its cookie, its address and forwarding headers, so every
 * rule (the session, the member's guard, the client address) is the one that route always applies.
 */
function answerAs(app: FastifyInstance, request: FastifyRequest) {
  const headers: Record<string, string | string[]> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !notPassedOn.has(name)) headers[name] = value;
  }
  return async (url: string, init: RequestInit): Promise<Response> => {
    const body = typeof init.body === 'string' ? init.body : undefined;
    const answer = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body,
      remoteAddress: request.socket.remoteAddress,
    });
    const noBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(noBody ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** The HTML for each kind of request, with the client configuration embedded. */
interface PageHtml {
  pages: Map<string, string>;
  /** A member's page drawn with their data, or undefined to send what is sent without it. */
  memberPage: (request: FastifyRequest) => Promise<string | undefined>;
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
    memberPage: async () => undefined,
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
    const memberTemplates = new Map(
      Object.entries(manifest.memberPages).map(([route, file]) => [route, html(file, true)]),
    );
    // Loaded at start (in the background), when the build drew any member's page. Should it fail to
    // load, members get the frame, and the log says so at once (production-start checks the log).
    const renderer = memberTemplates.size > 0 ? loadRenderer() : undefined;
    renderer?.catch((error: unknown) =>
      app.log.error({ err: error }, "the web build's server-side bundle did not load: members get the frame"),
    );
    const memberPage = async (request: FastifyRequest) => {
      if (!renderer) return undefined;
      try {
        const { render, drawing } = await renderer;
        const page = await drawing.run(answerAs(app, request), () =>
          render.renderMemberPage(request.url, { ...options.client, hasSession: true }),
        );
        const template = page && memberTemplates.get(page.path);
        if (!page || !template) return undefined;
        const state = JSON.stringify(page.queryState).replaceAll('<', '\\u003c');
        return template
          .replace(MEMBER_PAGE_MARKUP, () => page.html)
          .replace(QUERY_STATE, () => `<script type="application/json" id="query-state">${state}</script>`);
      } catch (error) {
        // The page is still served: the frame, which the app fills in the browser.
        request.log.error({ err: error }, 'drawing a member page on the server failed');
        return undefined;
      }
    };
    return {
      pages,
      memberPage,
      shell: (area, hasSession) => shells.get(`${area}-${hasSession ? 'session' : 'visitor'}`)!,
      notFound: (hasSession) => notFound[hasSession ? 'true' : 'false'],
    };
  };
  /**
   * The server-side build, loaded once; each page it draws asks its questions of this server's
   * routes as the request being answered (`drawing` holds that request's answerer, its headers read
   * once, across the drawing's awaits).
   */
  async function loadRenderer() {
    const file = path.join(options.distDir, 'server', 'entry-server.js');
    const render = (await import(pathToFileURL(file).href)) as MemberPageRenderer;
    const drawing = new AsyncLocalStorage<ReturnType<typeof answerAs>>();
    render.setApiTransport((url, init) => {
      const answer = drawing.getStore();
      if (!answer) throw new Error('An app call outside the drawing of a page');
      return answer(url, init);
    });
    return { render, drawing };
  }

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
    // Nor is the server-side build, which draws members' pages (dist/server).
    globIgnore: ['prerendered/**', 'server/**'],
    preCompressed: true,
    // send's own Cache-Control (max-age=0) would be written over ours: ours is the only one.
    cacheControl: false,
    // @fastify/static 10 hands the Fastify reply (9 handed Node's response).
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is checked on every visit, so a deploy reaches installed apps at once;
      // so is its compressed copy, which is what most browsers are sent.
      const worker = /^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath));
      reply.header(
        'cache-control',
        worker ? 'no-cache' : immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  // Browsers ask for /favicon.ico on pages that name no icon (the development pages).
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return sendNotFound(reply);
    const hasSession = sessionCookie.test(request.headers.cookie ?? '');
    const encoding = encodingFor(request.headers['accept-encoding'] ?? '');
    reply
      .status(isPageRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .header('vary', 'cookie, accept-encoding');
    // A member's page drawn with their data is theirs alone, and compressed for this reply only. It
    // is kept in no cache: Back and Forward would otherwise show it from the HTTP cache as it was
    // (an answered quiz with its question), where a new load draws it as it is now.
    const drawn = hasSession && isPageRoute(pathname) ? await pageHtml().memberPage(request) : undefined;
    if (drawn !== undefined) {
      reply.header('cache-control', 'private, no-store');
      if (encoding === undefined) return reply.send(drawn);
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(drawn, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(drawn, { level: 6 });
      return reply.header('content-encoding', encoding).send(body);
    }
    const html = htmlFor(pathname, hasSession);
    if (encoding === undefined) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compress(html)[encoding]);
  });
}
