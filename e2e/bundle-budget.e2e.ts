import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The JavaScript budget (docs/performance.md), checked on the production build: the landing page's initial
 * JavaScript stays under 100 KB gzip, and every route's (that plus the route's lazy page and its
 * static imports) under 150 KB gzip. The HTML's script is a tiny module (src/boot.ts) that loads
 * the app (src/main.tsx, an entry of its own) once the page has painted (docs/performance.md), so
 * the initial JavaScript is that script and the app, each with everything it imports statically.
 */
const LANDING_BUDGET = 100 * 1024;
const ROUTE_BUDGET = 150 * 1024;
/**
 * The advertiser's and the operator's console pages: desk tools behind a sign-in, whose ad
 * form carries the image upload, the per-field checks and the spending confirmations; docs/decisions/
 * 033-consoles.md. The landing page and every member page keep the budgets above.
 */
const CONSOLE_ROUTE_BUDGET = 170 * 1024;
const isConsolePage = (page: string) => /^src\/features\/(advertisers|admin)\//.test(page);
const budgetOf = (page: string) => (isConsolePage(page) ? CONSOLE_ROUTE_BUDGET : ROUTE_BUDGET);
/** The page's script must stay a loader: the app's code belongs in the app's chunks. */
const ENTRY_BUDGET = 4 * 1024;

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const manifestPath = path.join(dist, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** A chunk and everything it imports statically (what the browser must load before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const bytesOf = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gzipSize(manifest[key]!.file), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = 'index.html';
const appKey = 'src/main.tsx';
const entryClosure = closure(entryKey);
/** The page's script and the app, each with its static imports: what every page runs first. */
const initialClosure = closure(appKey, new Set(entryClosure));
const routePages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);

describe('JavaScript budget of the production build', () => {
  it("finds the page's script, the app and the lazily loaded route pages in the build manifest", () => {
    expect(manifest[entryKey]?.isEntry).toBe(true);
    expect(manifest[appKey]?.isEntry).toBe(true);
    expect(entryClosure.has(appKey)).toBe(false);
    expect(routePages.length).toBeGreaterThan(20);
  });

  it(`keeps the page's script a loader under ${kb(ENTRY_BUDGET)} gzip`, () => {
    const entry = bytesOf(entryClosure);
    console.info(`page script (entry): ${kb(entry)} gzip`);
    expect(entry).toBeLessThanOrEqual(ENTRY_BUDGET);
  });

  it(`keeps the landing page's initial JavaScript under ${kb(LANDING_BUDGET)} gzip`, () => {
    const landing = bytesOf(initialClosure);
    console.info(`landing page initial JavaScript: ${kb(landing)} gzip`);
    expect(landing).toBeLessThanOrEqual(LANDING_BUDGET);
  });

  it.each(routePages)(`keeps the initial JavaScript of %s within its budget`, (page) => {
    const total = bytesOf(closure(page, new Set(initialClosure)));
    expect(total, `${page}: ${kb(total)} of ${kb(budgetOf(page))}`).toBeLessThanOrEqual(budgetOf(page));
  });

  it('gives the larger budget only to console pages, and holds every member page to the smaller', () => {
    expect(routePages.filter(isConsolePage).length).toBeGreaterThan(10);
    expect(routePages.filter((page) => !isConsolePage(page)).length).toBeGreaterThan(10);
    for (const page of routePages.filter((page) => page.startsWith('src/features/earning/')))
      expect(budgetOf(page)).toBe(ROUTE_BUDGET);
  });
});
