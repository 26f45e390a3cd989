import { messages } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newContextWithoutJavaScript, screenshot, useBrowser } from './support/browser.ts';
import { takeover, watchTheRoot } from './support/hydration.ts';
import { ensureTodaysDailyQuiz, signInAsAdmin, signUpMember } from './support/users.ts';

// A member's home and quiz page are drawn on the server with their data (docs/decisions/040).
const browser = useBrowser();

/** A page as the server sends it to this browser's cookies: the whole HTML and what #root holds. */
async function served(path: string) {
  const response = await browser.context.request.get(path);
  const html = await response.text();
  return {
    status: response.status(),
    cacheControl: response.headers()['cache-control'],
    html,
    root: html.slice(html.indexOf('<div id="root"')),
  };
}

/** The API calls a page makes while `during` runs. */
async function apiCallsDuring(page: Page, during: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const record = (request: { url: () => string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/analytics/page-views') calls.push(pathname);
  };
  page.on('request', record);
  try {
    await during();
  } finally {
    page.off('request', record);
  }
  return calls;
}

const adTitles = async () => {
  const ads = (await (await browser.context.request.get('/api/ads')).json()) as {
    ads: { id: string; adTitle: string }[];
  };
  return ads.ads;
};

describe("a member's pages drawn on the server", () => {
  it('sends home with the balance, the streak, the day’s buttons and the ads, which the app takes over as they are', async () => {
    await ensureTodaysDailyQuiz(browser);
    await signUpMember(browser.page, 'drawn-home');
    const ads = await adTitles();
    const { root, cacheControl } = await served('/');
    // Theirs alone, and never shown again from a cache.
    expect(cacheControl).toBe('private, no-store');
    // The page is in the HTML: the balance in the header and on the card, the streak, the day's
    // buttons and every ad card, with the answers it was drawn from beside it.
    expect(root).toContain('data-testid="header-balance"');
    expect(root).toMatch(/<span data-testid="points">10<\/span> Pt/);
    expect(root).toContain('日連続でポイント獲得中');
    expect(root).toContain('デイリーガチャを回す');
    expect(root).toContain('デイリークイズに挑戦');
    for (const ad of ads) expect(root).toContain(ad.adTitle.replaceAll('&', '&amp;'));
    expect(root).toContain('<script type="application/json" id="query-state">');
    // Nothing the CSP refuses: no script but the inert answers, no style attribute.
    expect(root.replace(/<script type="application\/json" id="query-state">[^<]*<\/script>/, '')).not.toMatch(
      /<script|\sstyle=/,
    );

    // A page of its own: the signup left its welcome in this one's history state, which the server
    // cannot see (the app then draws afresh).
    const page = await browser.context.newPage();
    await page.addInitScript(watchTheRoot);
    const calls = await apiCallsDuring(page, async () => {
      await page.goto('/');
      await expect.poll(async () => (await takeover(page)).hydrated).toBe(true);
      await page.getByRole('navigation', { name: 'タブ' }).waitFor();
    });
    // Drawn from the answers in the page: the app asks nothing again, and removes nothing.
    expect(calls).toEqual([]);
    expect((await takeover(page)).removed).toEqual([]);
    expect(await page.getByTestId('points').innerText()).toBe('10');
    await expectAccessible(page);
    await screenshot(page, 'drawn-home');

    // And it works as the app: a tab leads on without a page load.
    await page.getByRole('navigation', { name: 'タブ' }).getByRole('link', { name: '通帳' }).click();
    await page.waitForURL((url) => url.pathname === '/point-history');
  });

  it('sends the quiz page of an ad with its title and what to do first, and shows an answered one as answered after Back', async () => {
    const { page, context } = browser;
    await signUpMember(page, 'drawn-quiz');
    const [ad] = await adTitles();
    const { root } = await served(`/quiz/${ad!.id}`);
    expect(root).toContain(`<h1 class="page-title">${ad!.adTitle.replaceAll('&', '&amp;')}</h1>`);
    expect(root).toContain(messages.openAdFirst);
    // An ad nobody has: its answer failed on the server, so the page is sent loading (as the browser
    // first draws it) and the browser asks, and says so, with no hydration error.
    const missing = '/quiz/00000000-0000-4000-8000-000000000000';
    expect((await served(missing)).html).not.toContain('"queryKey":["earning","ad-quiz"');
    await page.goto(missing);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: messages.quizNotFound }).count())
      .toBe(1);

    // Opened from home, waited for, then answered in another tab while this one stays on the question.
    await page.goto('/');
    const card = page.locator('.ad-card').filter({ hasText: ad!.adTitle });
    const popup = context.waitForEvent('page');
    await card.getByRole('button', { name: '広告を見る' }).click();
    await (await popup).close();
    const start = card.getByRole('link', { name: 'クイズに挑戦する' });
    await start.waitFor({ timeout: 6000 });
    await page.addInitScript(() => {
      window.addEventListener('pageshow', (event) => {
        (window as unknown as { revived: boolean }).revived = event.persisted;
      });
    });
    await page.goto(`/quiz/${ad!.id}`);
    await page.getByRole('button', { name: '回答する' }).waitFor();
    const other = await context.newPage();
    await other.goto(`/quiz/${ad!.id}`);
    await other.getByRole('radio').first().check();
    await other.getByRole('button', { name: '回答する' }).click();
    await other.locator('#result-title').waitFor();
    await other.close();

    // This tab leaves for another site's page and comes back: whether the browser revives it from
    // its back-forward cache or loads it again, it says the quiz is answered and offers no question.
    await page.goto('/about');
    await page.goBack();
    await page.waitForURL(`**/quiz/${ad!.id}`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: '回答済み' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '回答する' }).count()).toBe(0);
    const revived = await page.evaluate(() => (window as unknown as { revived?: boolean }).revived);
    console.info(`the quiz page came back ${revived ? 'from the back-forward cache' : 'by a new load'}`);
  });

  it('paints home with JavaScript turned off', async () => {
    const { page } = browser;
    await signUpMember(page, 'drawn-nojs');
    const ads = await adTitles();
    const context = await newContextWithoutJavaScript(browser);
    try {
      await context.addCookies(await browser.context.cookies());
      const bare = await context.newPage();
      await bare.goto('/');
      expect(await bare.getByTestId('points').innerText()).toBe('10');
      expect(await bare.locator('.ad-card__title').allInnerTexts()).toEqual(ads.map((ad) => ad.adTitle));
      await screenshot(bare, 'drawn-home-without-javascript');
    } finally {
      await context.close();
    }
  });

  it('shows skeletons of the cards while home’s ads load after a tab is tapped, and nothing moves when they arrive', async () => {
    const { page } = browser;
    await signUpMember(page, 'skeleton');
    await page.goto('/point-history');
    await page.getByRole('navigation', { name: 'タブ' }).waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/ads', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift' });
    });
    await page.getByRole('navigation', { name: 'タブ' }).getByRole('link', { name: 'ホーム' }).click();
    const skeleton = page.locator('.ad-list-skeleton .bone--banner');
    await expect.poll(() => skeleton.count()).toBe(3);
    expect(await page.locator('.loading__spinner').count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: '読み込み中' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'home-skeleton');
    release();
    await page.locator('.ad-card__title').first().waitFor();
    expect(await page.locator('.bone').count()).toBe(0);
    const shifted = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shifted).toBeLessThanOrEqual(0.05);
  });

  it('on a day without a daily quiz, shows home without its button and the quiz page says so', async () => {
    const { page } = browser;
    await signUpMember(page, 'no-quiz-day');
    await page.goto('/point-history');
    await page.getByRole('navigation', { name: 'タブ' }).waitFor();
    await page.route('**/api/daily-quiz/today', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'NOT_FOUND', message: messages.dailyQuizNotPublished } }),
      }),
    );
    await page.getByRole('navigation', { name: 'タブ' }).getByRole('link', { name: 'ホーム' }).click();
    await page.locator('.ad-card__title').first().waitFor();
    await expect.poll(() => page.locator('.daily-actions .bone').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'デイリークイズに挑戦' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'デイリーガチャを回す' }).count()).toBe(1);
    await page.evaluate(() => window.history.pushState({}, '', '/daily-quiz'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: messages.dailyQuizNotPublished }).count())
      .toBe(1);
  });

  it("draws nobody's data for a session that is not a member's", async () => {
    const { page, context } = browser;
    // A cookie that names no session: the frame, which the app fills (here: the landing page).
    await context.addCookies([{ name: 'qp.session_token', value: 'not-a-session', url: browser.baseUrl }]);
    let sent = await served('/');
    expect(sent.status).toBe(200);
    expect(sent.root).toContain('class="route-progress"');
    expect(sent.html).not.toContain('id="query-state"');
    await context.clearCookies();

    // The operator's home is the console: the frame again, and the app sends them on.
    await signInAsAdmin(page);
    sent = await served('/');
    expect(sent.html).not.toContain('id="query-state"');
    expect(sent.root).not.toContain('data-testid="points"');
    await context.clearCookies();

    // The demo advertiser on a member's page: the frame, which signs them out of the member's site.
    const signIn = await context.request.post('/api/advertiser/sign-in', {
      data: { email: 'advertiser@quiz-points.example', password: 'advertiser-demo-1234' },
    });
    expect(signIn.status()).toBe(200);
    sent = await served('/');
    expect(sent.html).not.toContain('id="query-state"');
    expect(sent.root).toContain('class="route-progress"');
  });
});
