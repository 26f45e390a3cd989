import { messages, pageRoutes } from '@quiz-points/shared';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** On how many lines `phrase` is drawn inside the element (1: it is never broken). */
function linesOf(element: Locator, phrase: string) {
  return element.evaluate((node, wanted) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const tops = new Set<number>();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const at = (text.textContent ?? '').indexOf(wanted);
      if (at < 0) continue;
      for (let i = at; i < at + wanted.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        tops.add(Math.round(range.getBoundingClientRect().top));
      }
    }
    return tops.size;
  }, phrase);
}

describe('the landing page', () => {
  it('shows the hero, the 18+ notice, four steps, the demo section and the user footer', async () => {
    const { page } = browser;
    await page.goto('/');
    await expect.poll(() => page.locator('h1').innerText()).toContain('ポイントがたまる');
    expect(await page.getByText('※ご利用は18歳以上の方に限ります。').count()).toBeGreaterThan(0);
    expect(await page.locator('.steps__item').count()).toBe(4);
    expect(await page.getByRole('link', { name: 'デモを試す' }).isVisible()).toBe(true);
    const footer = page.locator('footer[data-footer="user"]');
    expect(await footer.innerText()).toContain('© 2025');
    for (const name of ['利用規約', 'プライバシーポリシー', '運営者情報', 'お問い合わせ']) {
      expect(await footer.getByRole('link', { name }).count(), name).toBe(1);
    }
    expect(
      await page.locator('header').getByRole('link', { name: '広告主の方へ' }).getAttribute('href'),
    ).toBe('/advertiser');
    // At 390 px the headline breaks between phrases, never inside one (答えるだ / けで).
    for (const phrase of ['広告を', '見て', 'クイズに', '答えるだけで', 'ポイントが', 'たまる']) {
      expect(await linesOf(page.locator('#hero-title'), phrase), phrase).toBe(1);
    }
    await expectAccessible(page);
    await screenshot(page, 'landing-mobile');
  });

  it('opens and closes each of the 14 FAQ entries, by mouse and by keyboard', async () => {
    const { page } = browser;
    await page.goto('/');
    const questions = page.locator('.faq__question');
    await expect.poll(() => questions.count()).toBe(14);
    const first = questions.first();
    const panel = page.locator(`#${await first.getAttribute('aria-controls')}`.replaceAll(':', '\\:'));
    expect(await panel.isVisible()).toBe(false);
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.isVisible()).toBe(true);
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);

    const last = questions.last();
    await last.focus();
    await page.keyboard.press('Enter');
    expect(await last.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await last.getAttribute('aria-expanded')).toBe('false');
  });

  it('starts Google sign-in from the button (the local OpenID Connect provider stands in for Google)', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('button', { name: 'Googleでログイン' }).first().click();
    await page.waitForURL('**/dev/oidc/interaction/**');
    expect(await page.locator('h1').innerText()).toBe('テスト用アカウントを選択');
  });

  it('scrolls to the top and records a page view on every navigation', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.locator('footer').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const pageView = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/analytics/page-views') &&
        request.postData()?.includes('"/terms"') === true,
    );
    await page.locator('footer').getByRole('link', { name: '利用規約' }).click();
    await pageView;
    await page.waitForURL('**/terms');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('static pages', () => {
  const pages = [
    {
      path: '/terms',
      title: '利用規約',
      footer: 'user',
      contains: ['2025年5月1日', '2025年6月4日', '東京地方裁判所'],
    },
    { path: '/privacy', title: 'プライバシーポリシー', footer: 'user', contains: ['個人情報'] },
    { path: '/about', title: '運営者情報', footer: 'user', contains: ['代表'] },
    { path: '/howto', title: '使い方', footer: 'user', contains: ['30秒', '新しいタブ', '1,000'] },
    { path: '/advertiser/terms', title: '広告主利用規約', footer: 'advertiser', contains: ['50円', '5日'] },
    {
      path: '/advertiser/legal',
      title: '特定商取引法に基づく表記',
      footer: 'advertiser',
      contains: ['販売事業者'],
    },
  ];
  for (const expected of pages) {
    it(`renders ${expected.path} in Japanese with the ${expected.footer} footer`, async () => {
      const { page } = browser;
      await page.goto(expected.path);
      await expect.poll(() => page.locator('h1').innerText()).toBe(expected.title);
      const text = await page.locator('main').innerText();
      for (const fragment of expected.contains) expect(text, fragment).toContain(fragment);
      expect(await page.locator(`footer[data-footer="${expected.footer}"]`).count()).toBe(1);
      expect(await page.locator('footer').innerText()).toContain('© 2025');
      await expectAccessible(page);
      await screenshot(page, `static${expected.path.replaceAll('/', '-')}`);
    });
  }
});

describe('the qualified-invoice issuer on the advertiser pages', () => {
  it('is the configured one: the page and the app draw the number the server embeds', async () => {
    const { page } = browser;
    // A server configured with another number: its page embeds that number in the client
    // configuration (and a pre-rendered page is sent only when it shows the server's values).
    await page.route('**/advertiser/legal', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('T0000000000000', 'T1111111111111');
      await route.fulfill({ response, body });
    });
    await page.goto('/advertiser/legal');
    await expect.poll(() => page.getByTestId('registration-number').innerText()).toBe('T1111111111111');
    // The terms are drawn by the app from the embedded configuration, not from any page of the server's.
    await page.locator('footer').getByRole('link', { name: '広告主利用規約' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('広告主利用規約');
    expect(await page.locator('main').innerText()).toContain('登録番号：T1111111111111');
    await page.unroute('**/advertiser/legal');
  });
});

describe('every route of the spec', () => {
  it('answers with a page that has a heading, never a blank screen or an error', async () => {
    const { page } = browser;
    for (const route of pageRoutes) {
      const url = route.replace(':id', 'example-id');
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect.poll(() => page.locator('main h1').count(), { message: url }).toBe(1);
      // The operator console has its own footer.
      const footer = url.startsWith('/advertiser')
        ? 'advertiser'
        : url.startsWith('/admin')
          ? 'admin'
          : 'user';
      expect(await page.locator(`footer[data-footer="${footer}"]`).count(), url).toBe(1);
    }
  });

  it('shows a not-found page for an unknown path', async () => {
    const { page } = browser;
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('main').innerText()).toContain(messages.notFound);
    // The 404 status of the document itself is logged by Chromium; that one is expected.
    browser.problems.splice(0);
  });
});

describe('the advertiser landing page', () => {
  it('takes a materials request by e-mail with validation, and the mail arrives', async () => {
    const { page } = browser;
    await page.goto('/advertiser');
    await expect.poll(() => page.locator('h1').innerText()).toContain('理解される広告を');
    const submit = page.getByRole('button', { name: '資料を請求する' });
    await submit.click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.emailRequired);
    await page.locator('#materials-email').fill('not-an-address');
    await submit.click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.emailInvalid);
    await page.locator('#materials-email').fill('buyer@example.com');
    await submit.click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: messages.mailSent }).count()).toBe(1);
    expect(await page.locator('footer[data-footer="advertiser"]').count()).toBe(1);
    await expectAccessible(page);

    await page.goto('/dev/mail');
    expect(await page.locator('main').innerText()).toContain('buyer@example.com');
  });
});
