import { messages } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { verifiedUser as verifiedUserWith } from './support/exchangers.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInWithGoogle, signUpMember } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();
const verifiedUser = (page: Page, points: number) => verifiedUserWith(page, postgres.db, points);

async function requestAmazon1000(page: Page) {
  await page.goto('/gift');
  await page.getByLabel('Amazonギフトカード 1,000円分（1,000 Pt）').check();
  await page.getByRole('button', { name: '交換を申請する' }).click();
  await page.waitForURL('**/exchange-history');
}

/** The admin's gift requests, found by the person's e-mail (the list is paged). */
async function asAdmin(email: string, run: (admin: Page) => Promise<void>) {
  const context = await browser.context.browser()!.newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
  const admin = await context.newPage();
  await signInWithGoogle(admin, 'admin@quiz-points.example', '運営');
  await admin.goto(`/admin/gifts?q=${encodeURIComponent(email)}`);
  await run(admin);
  await context.close();
}

describe('point exchange', () => {
  it('sends an unverified user to phone verification', async () => {
    const { page } = browser;
    await signUpMember(page, 'unverified');
    await page.goto('/gift');
    await page.waitForURL('**/sms-verification');
    expect(await page.getByRole('alert').innerText()).toBe(messages.giftNeedsPhone);
  });

  it('disables the exchange button under 1,000 points', async () => {
    const { page } = browser;
    await verifiedUser(page, 0);
    await page.goto('/gift');
    expect(await page.getByRole('button', { name: '交換を申請する' }).isDisabled()).toBe(true);
    // Every choice is above the 10 Pt balance: each is plainly out of reach and says how far.
    const choices = page.locator('.quiz-option');
    await choices.first().waitFor();
    const count = await choices.count();
    expect(await page.locator('.quiz-option.is-unavailable').count()).toBe(count);
    expect(await page.locator('input[name="gift"]:disabled').count()).toBe(count);
    expect(await choices.first().innerText()).toContain('あと 990 Pt');
    await expectAccessible(page);
    await screenshot(page, 'gift-out-of-reach');
  });

  it('exchanges, shows the request in history, the admin issues it and the user sees the code', async () => {
    const { page } = browser;
    const email = await verifiedUser(page, 1490);
    await page.goto('/gift');
    expect(await page.getByTestId('gift-balance').innerText()).toBe('1,500 Pt');
    await expectAccessible(page);
    await requestAmazon1000(page);
    const card = page.locator('.gift-card').first();
    await card.waitFor();
    expect(await card.innerText()).toContain('AMAZON');
    expect(await card.innerText()).toContain(messages.giftStatusPending);
    expect(await card.innerText()).toContain('1,000 Pt');
    expect(await card.innerText()).toMatch(/\d{4}年\d{2}月\d{2}日 \d{2}時\d{2}分/);
    await expectAccessible(page);
    await screenshot(page, 'exchange-history');

    await asAdmin(email, async (admin) => {
      const pending = admin.getByTestId('pending-gift').filter({ hasText: email });
      await pending.waitFor();
      expect(await pending.innerText()).toContain('電話番号認証：済み');
      await pending.getByRole('button', { name: '発行する' }).click();
      expect(await pending.getByRole('alert').innerText()).toBe(messages.giftCodeRequired);
      await pending.getByPlaceholder('ギフトコード').fill('AMZN-E2E-0001');
      await pending.getByRole('button', { name: '発行する' }).click();
      expect(await pending.getByTestId('confirm-gift-code').innerText()).toBe('AMZN-E2E-0001');
      await pending.getByRole('button', { name: '発行を確定する' }).click();
      await expect.poll(() => admin.getByTestId('pending-gift').filter({ hasText: email }).count()).toBe(0);
    });

    await page.reload();
    await expect
      .poll(() => page.locator('.gift-card').first().innerText())
      .toContain(messages.giftStatusIssued);
    expect(await page.locator('.gift-card').first().innerText()).toContain('AMZN-E2E-0001');
  });

  it('returns the points when the admin rejects the request', async () => {
    const { page } = browser;
    const email = await verifiedUser(page, 1000);
    await requestAmazon1000(page);
    await page.goto('/');
    expect(await page.getByTestId('points').innerText()).toBe('10');

    await asAdmin(email, async (admin) => {
      const pending = admin.getByTestId('pending-gift').filter({ hasText: email });
      await pending.getByRole('button', { name: '却下する' }).click();
      expect(await pending.getByRole('alert').innerText()).toBe(messages.rejectionReasonRequired);
      await pending.getByPlaceholder('却下理由').fill('確認が取れませんでした');
      await pending.getByRole('button', { name: '却下する' }).click();
      await pending.getByRole('button', { name: '却下を確定する' }).click();
      await expect.poll(() => admin.getByTestId('pending-gift').filter({ hasText: email }).count()).toBe(0);
    });

    await page.goto('/');
    await expect.poll(() => page.getByTestId('points').innerText()).toBe('1,010');
    await page.goto('/exchange-history');
    await expect
      .poll(() => page.locator('.gift-card').first().innerText())
      .toContain('確認が取れませんでした');
  });

  it('refuses the gift requests screen to anyone but the admin', async () => {
    const { page } = browser;
    await signInWithGoogle(page, `nosy-${unique()}@example.com`);
    await completeSignup(page);
    await page.goto('/admin/gifts');
    expect(await page.getByRole('alert').innerText()).toBe(messages.forbidden);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
  });
});
