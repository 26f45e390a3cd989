import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Issue 9's JavaScript budget, checked on the production build: the landing page's initial
 * JavaScript (the entry and everything it imports statically) stays under 100 KB gzip, and every
 * route's (the entry plus the route's lazy page and its static imports) under 150 KB gzip.
 */
const LANDING_BUDGET = 100 * 1024;
const ROUTE_BUDGET = 150 * 1024;

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

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
const entryClosure = closure(entryKey ?? '');
const routePages = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);

describe('JavaScript budget of the production build', () => {
  it('finds the entry and the lazily loaded route pages in the build manifest', () => {
    expect(entryKey).toBeDefined();
    expect(routePages.length).toBeGreaterThan(20);
  });

  it(`keeps the landing page's initial JavaScript under ${kb(LANDING_BUDGET)} gzip`, () => {
    const landing = bytesOf(entryClosure);
    console.info(`landing page initial JavaScript: ${kb(landing)} gzip`);
    expect(landing).toBeLessThanOrEqual(LANDING_BUDGET);
  });

  it.each(routePages)(`keeps the initial JavaScript of %s under ${kb(ROUTE_BUDGET)} gzip`, (page) => {
    const total = bytesOf(closure(page, new Set(entryClosure)));
    expect(total, `${page}: ${kb(total)}`).toBeLessThanOrEqual(ROUTE_BUDGET);
  });
});
