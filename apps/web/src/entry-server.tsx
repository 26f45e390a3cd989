import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppFrame } from './app/app.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { type ClientConfig, clientConfig } from './lib/client-config.ts';

export { prerenderedPageRoutes } from '@quiz-points/shared';

/**
 * The build's pre-rendering (scripts/prerender.mjs, docs/performance.md "Pre-rendering"): the same
 * components as the browser app, drawn at a URL under the client configuration the server would
 * embed, the way the browser's first render draws them.
 */
function appAt(url: string, config: ClientConfig) {
  // The server embeds the configuration in the page; here the render itself plays that part.
  Object.assign(clientConfig, config);
  return (
    <AppFrame>
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
