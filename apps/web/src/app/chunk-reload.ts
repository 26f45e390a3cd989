/**
 * A page's code that is gone from the server: the app was deployed again while this tab kept the old
 * one, whose chunk names no longer exist. Chromium says "Failed to fetch dynamically imported
 * module", Firefox "error loading dynamically imported module", Safari "Importing a module script
 * failed" (webpack's ChunkLoadError does not occur: Vite builds the app).
 */
export const isMissingChunk = (error: unknown) =>
  /dynamically imported module|Importing a module script failed/.test(String(error));

const RELOADED = 'qp-chunk-reload';

/**
 * Whether a render error is a missing chunk that a reload (fetching the new build's pages) should
 * cure: once per tab session, so a chunk that stays missing cannot reload the page over and over —
 * the second time the error and its reload button show instead.
 */
export const shouldReloadFor = (error: unknown, reloadedBefore: boolean) =>
  !reloadedBefore && isMissingChunk(error);

/** Reloads the page when `shouldReloadFor` says so, remembering it in the tab's session storage. */
export function reloadForMissingChunk(error: unknown) {
  try {
    if (!shouldReloadFor(error, sessionStorage.getItem(RELOADED) !== null)) return;
    sessionStorage.setItem(RELOADED, '');
  } catch {
    // Storage refused (a private window): never reload on our own rather than risk a loop.
    return;
  }
  window.location.reload();
}
