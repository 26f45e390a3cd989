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
const appChunks = document
  .querySelector<HTMLMetaElement>('meta[name="app-chunks"]')
  ?.content.split(' ')
  .filter(Boolean) ?? ['/src/main.tsx'];

let started = false;
function startTheApp(): void {
  if (started) return;
  started = true;
  // Every chunk is requested at once, not one after the other as the app's imports would be found.
  for (const href of appChunks.slice(1)) {
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ appChunks[0]!);
}

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
