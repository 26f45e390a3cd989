import { messages } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillAdForm, newAdvertiser } from './support/advertisers.ts';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { signInAsAdmin, signUpMember } from './support/users.ts';

// Once a page is shown, a refresh in the background that fails (a phone losing its signal, a server
// restarting) must not take the page away, nor what was typed on it.
const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

/**
 * Makes what the app knows stale (the clock jumps past every query's freshness: 10 s for who is signed
 * in, 30 s for the rest) and the refresh of `path` fail (503, and again on the one retry), then brings
 * the tab back to the front, which refreshes it. Waits for both failed answers; the console lines they
 * leave are this test's subject, not a problem. Later answers are the server's again.
 */
async function failTheRefreshOf(page: Page, path: string) {
  let failures = 0;
  await page.route(`**${path}`, async (route) => {
    failures += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' });
  });
  await page.clock.fastForward('00:40');
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => failures).toBe(2);
  // The retry's answer has been handled once the query settles into its error.
  await page.waitForTimeout(300);
  for (let index = browser.problems.length - 1; index >= 0; index -= 1) {
    if (browser.problems[index]!.includes('status of 503')) browser.problems.splice(index, 1);
  }
  await page.unroute(`**${path}`);
}

describe('a refresh that fails in the background', () => {
  it('leaves a member’s page as it was, with the number typed into it', async () => {
    const { page } = browser;
    await signUpMember(page, 'refresh-member');
    await page.clock.install();
    await page.goto('/sms-verification');
    const phone = page.getByLabel('携帯電話番号');
    await phone.fill('090-1234-5678');
    await failTheRefreshOf(page, '/api/me');
    expect(await phone.inputValue()).toBe('090-1234-5678');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: '認証コードを送る' }).isEnabled()).toBe(true);
  });

  it('keeps a member’s ads on screen, says the refresh failed, and refreshes on 再試行', async () => {
    const { page } = browser;
    await signUpMember(page, 'refresh-ads');
    await page.clock.install();
    await page.goto('/');
    const titles = page.locator('.ad-list .ad-card__title');
    await titles.first().waitFor();
    const shown = await titles.allInnerTexts();
    await failTheRefreshOf(page, '/api/ads');
    const failed = page.getByRole('alert').filter({ hasText: messages.loadFailed });
    expect(await failed.count()).toBe(1);
    expect(await titles.allInnerTexts()).toEqual(shown);
    await expectAccessible(page);
    await screenshot(page, 'home-refresh-failed');
    await page.getByRole('button', { name: '再試行' }).click();
    await expect.poll(() => failed.count()).toBe(0);
    expect(await titles.allInnerTexts()).toEqual(shown);
  });

  it('leaves an advertiser’s half-filled ad form as it was', async () => {
    const { page } = browser;
    await newAdvertiser(page, `refresh-${unique()}@example.com`, { db: postgres.db });
    await page.clock.install();
    await page.goto('/advertiser/create-ad');
    const title = `書きかけの広告 ${unique()}`;
    await fillAdForm(page, { title, url: `${browser.baseUrl}/sample-ads/harema-coffee` });
    await failTheRefreshOf(page, '/api/me');
    expect(await page.getByLabel('広告タイトル').inputValue()).toBe(title);
    expect(await page.getByRole('button', { name: '審査に申し込む' }).isVisible()).toBe(true);
  });

  it('leaves the operator’s gift-code field as it was', async () => {
    // A member's request waiting for its code, as a member's exchange leaves it.
    const email = `refresh-gift-${unique()}@example.com`;
    const userId = `e2e-${unique()}-${unique()}`;
    await postgres.db.query(
      `insert into users (id, email, email_hash, role, birth_date, signup_completed_at)
       values ($1, $2, $1, 'user', '1990-04-01', now())`,
      [userId, email],
    );
    await postgres.db.query(
      `insert into gift_requests (user_id, gift_type, points_used) values ($1, 'amazon', 1000)`,
      [userId],
    );
    try {
      const { page } = browser;
      await signInAsAdmin(page);
      await page.clock.install();
      await page.goto(`/admin/gifts?q=${encodeURIComponent(email)}`);
      const code = page
        .getByTestId('pending-gift')
        .filter({ hasText: email })
        .getByPlaceholder('ギフトコード');
      await code.fill('E2E-REFRESH-0001');
      await failTheRefreshOf(page, '/api/me');
      expect(await code.inputValue()).toBe('E2E-REFRESH-0001');
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await postgres.db.query('delete from gift_requests where user_id = $1', [userId]);
      await postgres.db.query('delete from users where id = $1', [userId]);
    }
  });
});
