import { beforeEach } from 'vitest';
import type { BrowserFixture } from './browser.ts';

/** A desk and a phone: the consoles are built for the first and must still work on the second. */
export const DESK_AND_PHONE = [
  { name: 'desk', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Gives each test of the block a window of the viewport's size. */
export function useViewport(fixture: BrowserFixture, viewport: { width: number; height: number }) {
  beforeEach(async () => {
    await fixture.page.setViewportSize({ width: viewport.width, height: viewport.height });
  });
}
