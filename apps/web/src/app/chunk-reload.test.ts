import { describe, expect, it } from 'vitest';
import { isMissingChunk, shouldReloadFor } from './chunk-reload.ts';

const chromeMissing = new TypeError(
  'Failed to fetch dynamically imported module: https://example.com/assets/gift-page-abc123.js',
);

describe('reloading for a chunk gone after a deploy', () => {
  it('recognises each browser’s failed dynamic import, and nothing else', () => {
    expect(isMissingChunk(chromeMissing)).toBe(true);
    expect(isMissingChunk(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isMissingChunk(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isMissingChunk(new TypeError("Cannot read properties of undefined (reading 'points')"))).toBe(
      false,
    );
    expect(isMissingChunk(undefined)).toBe(false);
  });

  it('reloads once for a missing chunk, then never again in the same tab session', () => {
    expect(shouldReloadFor(chromeMissing, false)).toBe(true);
    expect(shouldReloadFor(chromeMissing, true)).toBe(false);
  });

  it('never reloads for an ordinary render error', () => {
    expect(shouldReloadFor(new Error('render failed'), false)).toBe(false);
  });
});
