import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { signUpMember } from './support/users.ts';

const browser = useBrowser();
const tabs = () => browser.page.getByRole('navigation', { name: 'タブ' });
const currentTab = () => tabs().locator('[aria-current="page"]').innerText();

describe('the member app’s navigation on a phone', () => {
  it('has a tab bar marking the current tab, the balance in view, a full side menu and a back button that goes somewhere', async () => {
    const { page } = browser;
    await signUpMember(page, 'tabs');
    // Home opened afresh: nothing to go back to, so no back button to press.
    await page.goto('/');
    await tabs().waitFor();
    expect(await currentTab()).toContain('ホーム');
    expect(await page.getByRole('button', { name: '戻る' }).isVisible()).toBe(false);
    // The balance and what it is worth, in view on every page.
    expect(await page.getByTestId('header-balance').innerText()).toBe('10 Pt');
    expect(await page.locator('.balance-bar').innerText()).toContain('10円分');
    await expectAccessible(page);
    await screenshot(page, 'member-tabs-home');

    for (const [tab, path] of [
      ['通帳', '/point-history'],
      ['交換', '/sms-verification'],
      ['お知らせ', '/notices'],
      ['マイページ', '/account'],
    ] as const) {
      await tabs().getByRole('link', { name: tab }).click();
      await page.waitForURL((url) => url.pathname === path);
      // The gift tab leads an unverified member to phone verification first; no tab is marked there.
      if (path !== '/sms-verification') await expect.poll(currentTab).toContain(tab);
      expect(await page.getByTestId('header-balance').isVisible()).toBe(true);
    }
    await expectAccessible(page);

    // With a page behind it, the back button goes back.
    await page.getByRole('button', { name: '戻る' }).click();
    await page.waitForURL((url) => url.pathname === '/notices');

    // The side menu keeps SPEC's entries and adds home, notices, exchange history and phone verification.
    await page.getByRole('button', { name: 'メニュー' }).click();
    const menu = page.getByRole('navigation', { name: 'メニュー' });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'ホーム',
      'ポイント交換',
      '交換履歴',
      'ポイント通帳',
      'お知らせ',
      'アカウント',
      '友達紹介',
      '電話番号認証',
    ]);
    await screenshot(page, 'member-side-menu');
    await menu.getByRole('link', { name: '交換履歴' }).click();
    await page.waitForURL((url) => url.pathname === '/exchange-history');
    await expect.poll(currentTab).toContain('交換');
  });

  it('leaves the tab bar out on a desk, where the side menu serves and the ads stand two to a row', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1024, height: 800 });
    await signUpMember(page, 'desk');
    await page.goto('/');
    await page.getByTestId('header-balance').waitFor();
    expect(await tabs().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'メニュー' }).isVisible()).toBe(true);
    // Two cards a row, each with its two buttons on one line.
    const cards = page.locator('.ad-list .ad-card');
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width);
    const buttons = cards.nth(0).locator('.ad-card__actions > .button');
    const [open, quiz] = [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()];
    expect(quiz!.y).toBe(open!.y);
    await expectAccessible(page);
    await screenshot(page, 'member-desk-home');
  });
});
