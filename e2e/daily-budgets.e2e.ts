import { dailyBudgetMessages, japanIsoDate } from '@quiz-points/shared';
import { describe, expect, inject, it } from 'vitest';
import { advertiserAdCard, approveAd, fillAdForm, newAdvertiser } from './support/advertisers.ts';
import { expectAccessible, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';

const browser = useBrowser({ baseUrl: inject('postgresBaseUrl') });
const postgres = usePostgres();
const unique = () => Math.random().toString(36).slice(2, 8);

describe('daily budgets', () => {
  it('sets a daily budget on the ad form, shows it on the ad and changes it while the ad runs', async () => {
    const { page } = browser;
    await newAdvertiser(page, `budget-${unique()}@example.com`, { name: 'E2E予算株式会社', db: postgres.db });
    await page.goto('/advertiser/create-ad');
    const title = `1日の上限つき広告 ${unique()}`;
    await fillAdForm(page, { title, url: 'https://example.com/e2e-budget' });
    await page.getByLabel('配信上限数（件）').fill('100');

    // Above the cap is refused on its own field, in Japanese; within it, the ad goes to review.
    const budget = page.getByLabel('1日の配信上限数（件・任意）');
    await budget.fill('150');
    await page.getByRole('button', { name: '審査に申し込む' }).click();
    expect(await page.getByRole('alert').first().innerText()).toContain(dailyBudgetMessages.overCap);
    expect(await budget.getAttribute('aria-invalid')).toBe('true');
    await budget.fill('30');
    await expectAccessible(page);
    await page.getByRole('button', { name: '審査に申し込む' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    const card = advertiserAdCard(page, title);
    await expect.poll(() => card.innerText()).toContain('1日の配信上限 30件');
    const { rows } = await postgres.db.query('select id, daily_budget from ads where ad_title = $1', [title]);
    expect(rows).toEqual([{ id: expect.any(String), daily_budget: 30 }]);
    const adId = (rows[0] as { id: string }).id;

    // Running: changed in place, checked against the cap, removed when left empty.
    await approveAd(postgres.db, adId);
    await page.reload();
    await expect.poll(() => card.innerText()).toContain('配信中');
    await card.getByRole('button', { name: '1日の上限を変更' }).click();
    const field = card.getByLabel(/1日の配信上限数（現在 30件/);
    expect(await field.inputValue()).toBe('30');
    await field.fill('101');
    await card.getByRole('button', { name: '変更する' }).click();
    expect(await card.getByRole('alert').innerText()).toBe(dailyBudgetMessages.overCap);
    await field.fill('5');
    expect(await card.getByRole('alert').count()).toBe(0);
    await card.getByRole('button', { name: '変更する' }).click();
    await statusMessage(page, dailyBudgetMessages.changed).waitFor();
    await expect.poll(() => card.innerText()).toContain('1日の配信上限 5件');
    await card.getByRole('button', { name: '1日の上限を変更' }).click();
    await card.getByLabel(/1日の配信上限数（現在 5件/).fill('');
    await card.getByRole('button', { name: '変更する' }).click();
    await expect.poll(() => card.innerText()).toContain('1日の配信上限 なし');
    expect((await postgres.db.query('select daily_budget from ads where id = $1', [adId])).rows).toEqual([
      { daily_budget: null },
    ]);

    // A budget used up today: the ad says so, and that it is back at midnight.
    await card.getByRole('button', { name: '1日の上限を変更' }).click();
    await card.getByLabel(/1日の配信上限数（現在 なし/).fill('5');
    await card.getByRole('button', { name: '変更する' }).click();
    await expect.poll(() => card.innerText()).toContain('1日の配信上限 5件');
    await postgres.db.query('update ads set daily_budget_reached_on = $2 where id = $1', [
      adId,
      japanIsoDate(new Date()),
    ]);
    await page.reload();
    await expect.poll(() => card.innerText()).toContain(dailyBudgetMessages.reachedToday);
    expect(await card.innerText()).toContain('本日分に達しました');
    await expectAccessible(page);
    await screenshot(page, 'daily-budget-reached-today');
  });
});
