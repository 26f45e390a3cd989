import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadMemberFrame } from './app/layout/root-layout.tsx';
import { preloadPage } from './app/router.tsx';

// The browser app, loaded by the page's tiny entry script (boot.ts): at once on a page the app draws,
// after the first paint on a pre-rendered one.

const root = document.getElementById('root')!;

/** A member's page drawn on the server with their data, and the cache of its answers (lib/query-state.ts). */
const queryState = document.getElementById('query-state');
const queryClient: Promise<QueryClient | undefined> = queryState
  ? import('./lib/query-state.ts').then(({ queryClientOf }) => queryClientOf(queryState))
  : Promise.resolve(undefined);

/**
 * Whether the browser's first render gives the markup the build pre-rendered (docs/performance.md,
 * "Pre-rendering"): it was rendered with no query and no navigation state, so a query other than the
 * referral code or campaign tags (a failed sign-in, a confirmed e-mail) or a notice carried in
 * history state would draw something else. Then React draws afresh instead of hydrating. A member's
 * page drawn with their data was drawn at its whole URL, but not with the history state either.
 */
function drawsThePrerenderedMarkup(): boolean {
  if (root.dataset.prerendered === undefined) return false;
  const keys = [...new URLSearchParams(window.location.search).keys()];
  const state = window.history.state as { usr?: unknown } | null;
  const sameQuery = queryState !== null || keys.every((key) => key === 'ref' || key.startsWith('utm_'));
  return sameQuery && state?.usr == null;
}

// Before hydrating, the page's code is loaded (with a member's page, the header and tab bar too), so
// React renders the whole page at once and keeps every pre-rendered node (a page still loading
// would be a fallback that does not match the HTML). Should that download fail, the page's lazy
// import tries again while rendering. A fresh render starts at once, as it always did: its loading
// bar stands in for the page, and what it asks the server (who is signed in) does not wait for the
// page's code.
//
// The pre-rendered page is already on screen, so its hydration is spread over short tasks rather
// than one long one (docs/performance.md, "Paint before the script"): finding the page's code waits
// for a task of its own, after the app's evaluation, and hydration runs as a transition, which
// yields to the browser every few milliseconds (a click on a part not yet hydrated is replayed once
// it is).
if (drawsThePrerenderedMarkup()) {
  setTimeout(() => {
    void Promise.all([preloadPage(window.location.pathname), queryState && preloadMemberFrame()])
      .catch(() => undefined)
      .then(() => queryClient)
      .then((client) => startTransition(() => void hydrateRoot(root, <App queryClient={client} />)));
  }, 0);
} else if (queryState) {
  void queryClient.then((client) => createRoot(root).render(<App queryClient={client} />));
} else {
  createRoot(root).render(<App />);
}
