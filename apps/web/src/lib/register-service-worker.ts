/**
 * The installable app: a service worker keeps the app's own files and shows an offline page when a
 * page cannot be fetched (apps/web/scripts/service-worker.js). Registered from the member's home, a
 * chunk of its own, so the first page's JavaScript does not carry it; only in a build (the dev server
 * has none). Registering again is a no-op for the browser.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}
