import { dailyBudgetMessages, formatYen, japanIsoDate, totalWithTax } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { advertiserAdCard, approveAd, fillAdForm, newAdvertiser } from './support/advertisers.ts';
import { expectAccessible, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { DESK_AND_PHONE, useViewport } from './support/viewports.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

describe.each(DESK_AND_PHONE)('daily budgets at $width×$height', (viewport) => {
  useViewport(browser, viewport);
  it('sets a daily budget on the ad form, shows it in the ads table and changes it, confirmed, while the ad runs', async () => {
    const { page } = browser;
    await newAdvertiser(page, `budget-${unique()}@example.com`, { name: 'E2E予算株式会社', db: postgres.db });
    await page.goto('/advertiser/create-ad');
    const title = `1日の上限つき広告 ${unique()}`;
    await fillAdForm(page, { title, url: 'https://example.com/e2e-budget' });
    await page.getByLabel('配信上限数（件）').fill('100');

    // Above the cap is refused on its own field, in Japanese; within it, the application shows the
    // budget among what it commits, and the ad goes to review.
    const budget = page.getByLabel('1日の配信上限数（件・任意）');
    await budget.fill('150');
    await page.getByRole('button', { name: '審査に申し込む' }).click();
    expect(await page.locator('#ad-daily-budget-error').innerText()).toBe(dailyBudgetMessages.overCap);
    expect(await budget.getAttribute('aria-invalid')).toBe('true');
    await budget.fill('30');
    await expect.poll(() => page.locator('#ad-daily-budget-error').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: '審査に申し込む' }).click();
    const apply = page.getByRole('dialog', { name: '審査の申し込み内容の確認' });
    expect(await apply.getByTestId('ad-submit-commitment').innerText()).toMatch(/1日の配信上限数\s*30件/);
    await apply.getByRole('button', { name: 'この内容で申し込む' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    const row = advertiserAdCard(page, title);
    await expect.poll(() => row.getByTestId('ad-daily-budget').innerText()).toBe('1日 30件まで');
    const { rows } = await postgres.db.query(
      'select id, daily_budget, unit_price from ads where ad_title = $1',
      [title],
    );
    expect(rows).toEqual([{ id: expect.any(String), daily_budget: 30, unit_price: expect.any(Number) }]);
    const { id: adId, unit_price: unitPrice } = rows[0] as { id: string; unit_price: number };

    // Running: from the row's menu, checked against the cap beside the field, what a day may cost
    // confirmed, removed when left empty.
    await approveAd(postgres.db, adId);
    await page.reload();
    await expect.poll(() => row.innerText()).toContain('配信中');
    const openChange = async () => {
      await row.getByRole('button', { name: /のその他の操作$/ }).click();
      await page.getByRole('button', { name: '1日の上限を変更' }).click();
      return page.getByRole('dialog', { name: '1日の配信上限の変更' });
    };
    let change = await openChange();
    const field = change.getByLabel('1日の配信上限数（件・空欄で上限なし）');
    expect(await field.inputValue()).toBe('30');
    await field.fill('101');
    await change.getByRole('button', { name: '内容を確認する' }).click();
    expect(await change.locator(`#daily-budget-${adId}-error`).innerText()).toBe(dailyBudgetMessages.overCap);
    await field.fill('5');
    await expect.poll(() => change.locator(`#daily-budget-${adId}-error`).count()).toBe(0);
    await change.getByRole('button', { name: '内容を確認する' }).click();
    const confirm = page.getByRole('dialog', { name: '1日の配信上限の変更内容の確認' });
    expect(await confirm.getByTestId('daily-budget-commitment').innerText()).toMatch(
      new RegExp(
        `1日の配信上限数\\s*30件 → 5件[\\s\\S]*1日あたりの最大ご請求額（税込）\\s*${formatYen(totalWithTax(unitPrice, 5))}`,
      ),
    );
    await expectAccessible(page);
    await screenshot(page, `daily-budget-confirm-${viewport.name}`);
    await confirm.getByRole('button', { name: '1日の上限を5件に変更する' }).click();
    await statusMessage(page, dailyBudgetMessages.changed).waitFor();
    await expect.poll(() => row.getByTestId('ad-daily-budget').innerText()).toBe('1日 5件まで');

    change = await openChange();
    await change.getByLabel('1日の配信上限数（件・空欄で上限なし）').fill('');
    await change.getByRole('button', { name: '内容を確認する' }).click();
    await page.getByRole('button', { name: '1日の上限をなくす' }).click();
    await expect.poll(() => row.getByTestId('ad-daily-budget').count()).toBe(0);
    expect((await postgres.db.query('select daily_budget from ads where id = $1', [adId])).rows).toEqual([
      { daily_budget: null },
    ]);

    // A budget used up today: the row says so beside 配信中.
    change = await openChange();
    await change.getByLabel('1日の配信上限数（件・空欄で上限なし）').fill('5');
    await change.getByRole('button', { name: '内容を確認する' }).click();
    await page.getByRole('button', { name: '1日の上限を5件に変更する' }).click();
    await expect.poll(() => row.getByTestId('ad-daily-budget').count()).toBe(1);
    await postgres.db.query('update ads set daily_budget_reached_on = $2 where id = $1', [
      adId,
      japanIsoDate(new Date()),
    ]);
    await page.reload();
    await expect.poll(() => row.innerText()).toContain(dailyBudgetMessages.reachedToday);
    await expectAccessible(page);
    await screenshot(page, `daily-budget-reached-today-${viewport.name}`);
  });
});
