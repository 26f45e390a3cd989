import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { AppFrame, createQueryClient } from './app/app.tsx';
import { preloadMemberFrame } from './app/layout/root-layout.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { meQueryOptions } from './features/auth/api/get-me.ts';
import { adQuizQueryOptions } from './features/earning/api/get-ad-quiz.ts';
import { todaysQuizQueryOptions } from './features/earning/api/get-todays-quiz.ts';
import { adsQueryOptions } from './features/earning/api/list-ads.ts';
import { noticesQueryOptions } from './features/notices/api/list-notices.ts';

export { setApiTransport } from './lib/api.ts';

import { type ClientConfig, clientConfig } from './lib/client-config.ts';

export { prerenderedPageRoutes } from '@quiz-points/shared';

/**
 * The build's pre-rendering (scripts/prerender.mjs, docs/performance.md "Pre-rendering"): the same
 * components as the browser app, drawn at a URL under the client configuration the server would
 * embed, the way the browser's first render draws them.
 */
function appAt(url: string, config: ClientConfig, queryClient?: QueryClient) {
  // The server embeds the configuration in the page; here the render itself plays that part.
  Object.assign(clientConfig, config);
  return (
    <AppFrame queryClient={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppFrame>
  );
}

/**
 * A whole page with its code loaded first, as main.tsx does before it hydrates, and every lazily
 * loaded part below it resolved: the HTML holds the real page, not a loading fallback. `page` names
 * the component whose code main.tsx loads first (the page's, or the landing page's FAQ), whose chunk
 * the build links for preloading.
 */
export async function renderPage(
  url: string,
  config: ClientConfig,
): Promise<{ html: string; page: string | undefined }> {
  Object.assign(clientConfig, config);
  const page = await preloadPage(url);
  // The first pass waits for the lazily loaded parts (the landing page's FAQ). The second, with all
  // of them in hand, writes every part in place: no part streamed in later by an inline script,
  // which the CSP would refuse.
  await prerender(appAt(url, config));
  return { html: renderToString(appAt(url, config)), page: page?.name };
}

/**
 * The frame of a page whose code has not arrived (the layout, with the loading bar in the main
 * area), for pages that cannot be pre-rendered: `url` must be a page whose code was not preloaded.
 */
export function renderShell(url: string, config: ClientConfig): string {
  return renderToString(appAt(url, config));
}

/**
 * The pages the server draws with the member's data (docs/decisions/040-signed-in-pages.md), each
 * with the queries its first render reads beyond the member (the header's balance) and the tab
 * bar's notices: drawn from these answers, the page is whole in its HTML.
 */
const memberPageQueries: {
  path: string;
  queries: (params: Record<string, string | undefined>) => Prefetch[];
}[] = [
  {
    path: '/',
    queries: () => [
      (client) => client.prefetchInfiniteQuery(adsQueryOptions()),
      (client) => client.prefetchQuery(todaysQuizQueryOptions()),
    ],
  },
  {
    path: '/quiz/:id',
    queries: ({ id }) => (id ? [(client) => client.prefetchQuery(adQuizQueryOptions(id))] : []),
  },
];

type Prefetch = (client: QueryClient) => Promise<void>;

/** The page paths drawn with the member's data, as React Router writes them. */
export const memberPagePaths = memberPageQueries.map(({ path }) => path);

/** The code those pages render with, loaded once before the first of them is drawn. */
let codeLoaded: Promise<unknown> | undefined;
const loadMemberPageCode = () => {
  codeLoaded ??= Promise.all([
    preloadMemberFrame(),
    ...memberPageQueries.map(({ path }) => preloadPage(path.replace(':id', 'preload'))),
  ]);
  return codeLoaded;
};

/**
 * A member's page drawn on the server with their data (with the route it matched), and the answers
 * it was drawn from for the browser's first render (main.tsx hydrates the markup with them): the
 * member, the tab bar's notices and the page's own queries, each asked of the server's routes as the
 * browser would ask them (the server hands the app its transport once, setApiTransport, which
 * answers each call as the request it is drawn for). Undefined when the page is not one of these, or
 * the session is not a member's who may see it (the app then draws what applies: the landing page,
 * signup, the console). An answer that failed is left out, here and in what is sent: the page draws
 * its loading state there, as the browser's first render does, and the browser asks again.
 */
export async function renderMemberPage(
  url: string,
  config: ClientConfig,
): Promise<{ path: string; html: string; queryState: DehydratedState } | undefined> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const page = memberPageQueries
    .map((entry) => ({ entry, match: matchPath(entry.path, pathname) }))
    .find(({ match }) => match !== null);
  if (!page) return undefined;
  Object.assign(clientConfig, config);
  const client = createQueryClient();
  const [me] = await Promise.all([
    client.fetchQuery(meQueryOptions()).catch(() => undefined),
    client.prefetchQuery(noticesQueryOptions()),
    ...page.entry.queries(page.match?.params ?? {}).map((prefetch) => prefetch(client)),
    loadMemberPageCode(),
  ]);
  if (me?.role !== 'user' || me.isSuspended || me.isAdmin || me.needsSignup) return undefined;
  const cache = client.getQueryCache();
  for (const failed of cache.findAll({ predicate: (query) => query.state.status === 'error' })) {
    cache.remove(failed);
  }
  const html = renderToString(appAt(url, config, client));
  return { path: page.entry.path, html, queryState: dehydrate(client) };
}
