import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInWithGoogle } from './support/users.ts';

const browser = useBrowser({ serviceWorkers: 'allow' });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the installable app', () => {
  it('names a manifest with its icons, and an apple-touch-icon, from the pre-rendered first page', async () => {
    const { page } = browser;
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestResponse = await page.request.get(manifestHref!);
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await manifestResponse.json();
    expect(manifest).toMatchObject({
      name: 'クイズポイント',
      lang: 'ja',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: await page.locator('meta[name="theme-color"]').getAttribute('content'),
    });
    const sizes = new Map<string, string>();
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
      const [width, height] = pngSize(await response.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
      sizes.set(`${icon.sizes} ${icon.purpose}`, icon.src);
    }
    expect([...sizes.keys()].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await page.request.get(touch!)).body())).toEqual([180, 180]);
  });

  it('shows a Japanese offline page when a page cannot be fetched, and never keeps an API answer', async () => {
    const { page, context } = browser;
    await signInWithGoogle(page, `pwa-${unique()}@example.com`);
    await completeSignup(page);
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The home page's own API calls (the ad list, the person) went through while the worker ran.
    await page.reload();
    await page.locator('.ad-list').waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/api/') || !/\.[a-z0-9]+$/.test(url))).toEqual([]);

    await context.setOffline(true);
    await page.goto('/point-history');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('オフラインです');
    expect(await page.title()).toBe('オフラインです｜クイズポイント');
    await expectAccessible(page);
    await screenshot(page, 'offline');

    await context.setOffline(false);
    await page.getByRole('button', { name: '再読み込み' }).click();
    await page.getByRole('heading', { name: 'ポイント通帳' }).waitFor();
  });
});
