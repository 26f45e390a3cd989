// The page's entry script, kept tiny (docs/performance.md, "Paint before the script"). A pre-rendered
// page paints from its HTML alone: its app is requested only once that first paint is on screen, so
// neither the app's download nor its evaluation can hold the paint back. A page the app draws (a
// frame with a loading bar) starts the app at once, its chunks preloaded by the HTML. The stylesheet
// stays here: imported by the entry, it is linked in the HTML and blocks the paint as it must,
// instead of arriving with the app.
import './styles.css';

/**
 * The app's chunks, named by the build in the HTML (vite.config.ts, scripts/prerender.mjs): first
 * the app (src/main.tsx, an entry of its own, built as one chunk with what it imports), then the
 * chunks it imports, then those of the page at the URL. Vite's dev server (`vite` in apps/web)
 * writes no such list and serves the app's source.
 */
const chunksNamed = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ').filter(Boolean);
const appChunks = chunksNamed('app-chunks') ?? ['/src/main.tsx'];
/**
 * React, ReactDOM and React Router, a chunk of their own (vite.config.ts): evaluated before the app, in a task of
 * its own, so that starting the app is two shorter tasks rather than one long one.
 */
const libraries = chunksNamed('app-libraries') ?? [];

let started = false;
/**
 * Starts the app: the libraries, then in a later task the app's own chunk; and a `modulepreload`
 * link for each other chunk of the list, a few per task. Every chunk is requested up front, not one
 * after the other as the app's imports would be found; each link costs the main thread ~1–2 ms of a slow phone's time, and a
 * member's page names some thirty chunks, so they are added in short tasks rather than one long one
 * (docs/performance.md, "Signed-in pages").
 */
function startTheApp(): void {
  if (started) return;
  started = true;
  const startApp = () => void import(/* @vite-ignore */ appChunks[0]!);
  void Promise.all(libraries.map((href) => import(/* @vite-ignore */ href))).then(
    () => setTimeout(startApp, 0),
    startApp,
  );
  const preload = (from: number) => {
    for (const href of appChunks.slice(from, from + LINKS_PER_TASK)) {
      if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    if (from + LINKS_PER_TASK < appChunks.length) setTimeout(() => preload(from + LINKS_PER_TASK), 0);
  };
  preload(1);
}
const LINKS_PER_TASK = 8;

// A page the app draws, or a hidden one (it paints no frame), starts the app at once. A pre-rendered
// page starts it when the browser reports the first contentful paint (the time the frame was shown);
// a browser that does not report it starts after the first frame (requestAnimationFrame runs just
// before it, the task it queues just after); and should the report not come, the app starts after a
// second all the same.
const prerendered = document.getElementById('root')?.dataset.prerendered !== undefined;
if (!prerendered || document.visibilityState === 'hidden') {
  startTheApp();
} else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startTheApp();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(startTheApp, 1000);
} else {
  requestAnimationFrame(() => setTimeout(startTheApp, 0));
}
