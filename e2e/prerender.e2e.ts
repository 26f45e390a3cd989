import { coreMessages, prerenderedPageRoutes } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { newContextWithoutJavaScript, screenshot, useBrowser } from './support/browser.ts';
import { takeover, watchTheRoot } from './support/hydration.ts';

// The server with production's 30-second wait, so the demo page is pre-rendered too.
const browser = useBrowser({ server: 'realWait' });

describe('pre-rendered pages', () => {
  it('come from the server with the page already drawn', async () => {
    const html = await (await fetch(`${browser.baseUrl}/`)).text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toMatch(/<h1 id="hero-title" class="hero__title">広告を見てクイズに答えるだけで/);
    expect(root).toContain('よくある質問');
    expect(root).not.toMatch(/<script(?! type="module")/);
  });

  it.each([...prerenderedPageRoutes, '/?ref=ABCD1234'])(
    '%s hydrates: React keeps every pre-rendered element',
    async (url) => {
      const { page } = browser;
      await page.addInitScript(watchTheRoot);
      await page.goto(url);
      await expect.poll(async () => (await takeover(page)).hydrated).toBe(true);
      // The landing page's FAQ arrives in its own chunk; it hydrates in place too.
      if (url.startsWith('/?') || url === '/') {
        const question = page.locator('.faq__question').first();
        await question.click();
        await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
      }
      expect((await takeover(page)).removed).toEqual([]);
    },
  );

  it("paints before any of the app's code is requested, then hydrates", async () => {
    const { page } = browser;
    const response = await page.goto('/');
    const html = await response!.text();
    const entry = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
    expect(entry).toBeDefined();
    // The HTML names the app's chunks for its tiny entry script but does not preload them.
    expect(html).toMatch(/<meta name="app-chunks" content="\/assets\/main-[^"]+\.js /);
    expect(html).not.toContain('rel="modulepreload"');
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$')),
        ),
      )
      .toBe(true);
    const { firstPaint, scripts } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(firstPaint).toBeGreaterThan(0);
    expect(scripts.map((script) => script.path)).toContain(entry);
    expect(scripts.some((script) => script.path.startsWith('/assets/main-'))).toBe(true);
    const beforePaint = scripts.filter((script) => script.path !== entry && script.start < firstPaint!);
    expect(beforePaint).toEqual([]);
  });

  it('draws afresh, without a hydration error, when the URL asks for something the HTML lacks', async () => {
    const { page } = browser;
    const response = await page.goto('/?signin=failed');
    expect(await response!.text()).toContain('<h1 id="hero-title"');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(coreMessages.signInFailed);
    expect(await page.locator('h1').innerText()).toContain('ポイントがたまる');
  });

  it('gives a page with a session cookie the frame with a loading bar, then the app draws it', async () => {
    const { page, context } = browser;
    await context.addCookies([{ name: 'qp.session_token', value: 'not-a-session', url: browser.baseUrl }]);
    const response = await page.goto('/howto');
    const html = await response!.text();
    // The app draws this page, so its code downloads beside the entry script.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/main-/);
    const root = html.split('<div id="root"')[1] ?? '';
    expect(root).toContain('class="route-progress"');
    expect(root).not.toContain('<h1');
    await expect.poll(() => page.locator('h1').innerText()).toBe('使い方');
  });

  it('look like the page with JavaScript turned off', async () => {
    const context = await newContextWithoutJavaScript(browser);
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.locator('h1').innerText()).toContain('ポイントがたまる');
      expect(await page.locator('.steps__item').count()).toBe(4);
      expect(await page.locator('.faq__question').count()).toBe(14);
      expect(await page.locator('footer[data-footer="user"]').isVisible()).toBe(true);
      await screenshot(page, 'landing-no-javascript');
    } finally {
      await context.close();
    }
  });
});
