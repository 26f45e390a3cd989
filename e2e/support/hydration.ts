import type { Page } from 'playwright-core';

interface RootWatch {
  /** The first h1 in #root that the HTML brought (React had not made it). */
  parsedH1: Element | null;
  /** Every element taken out of #root. */
  removed: string[];
}

/**
 * Watches #root from before any script of each new document (page.addInitScript): the first h1 the
 * HTML brought, and every element taken out. A page whose HTML the app hydrates keeps them all.
 */
export function watchTheRoot() {
  const watch: RootWatch = { parsedH1: null, removed: [] };
  (window as unknown as { rootWatch: RootWatch }).rootWatch = watch;
  const madeByReact = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
  new MutationObserver((records) => {
    const root = document.getElementById('root');
    for (const record of records) {
      if (!root?.contains(record.target)) continue;
      for (const node of Array.from(record.removedNodes))
        if (node instanceof Element) watch.removed.push(node.outerHTML);
      const h1 = root.querySelector('h1');
      if (!watch.parsedH1 && h1 && !madeByReact(h1)) watch.parsedH1 = h1;
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Whether React took over the h1 the HTML brought, and how many elements it removed. */
export const takeover = (page: Page) =>
  page.evaluate(() => {
    const { parsedH1, removed } = (window as unknown as { rootWatch: RootWatch }).rootWatch;
    const hydrated =
      parsedH1?.isConnected === true && Object.keys(parsedH1).some((key) => key.startsWith('__reactFiber$'));
    return { hydrated, removed };
  });
