import fs from 'node:fs';
import { addDays, adReportMessages, japanDayStart, japanIsoDate } from '@quiz-points/shared';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advertiserAdCard, consoleNav, signInAsAdvertiser } from './support/advertisers.ts';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { forgetRolledUpAdFigures, usePostgres } from './support/postgres.ts';
import { insertAdvertiserWithPassword, insertClickThrough, unique } from './support/rows.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();
const PASSWORD = 'e2e-report-password-1';

const advertiserWithPassword = () =>
  insertAdvertiserWithPassword(postgres.db, {
    idPrefix: 'adv-report',
    company: 'E2E広告社',
    password: PASSWORD,
  });

/** An approved ad created 60 days ago: 赤 / 青 (correct) / 緑, 35 yen a delivery. */
async function approvedAd(advertiserId: string, title: string) {
  const { rows } = await postgres.db.query(
    `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward,
       unit_price, max_deliveries, status, is_active, created_at)
     values ($1, 'E2E広告社', 'https://example.com/e2e', $2, '広告の色は？', '["赤","青","緑"]', 20, 35, 1000,
       'approved', true, now() - interval '60 days') returning id`,
    [advertiserId, title],
  );
  const adId = rows[0].id as string;
  await postgres.db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 2)', [adId]);
  return adId;
}

const clickThrough = (adId: string, at: Date, option?: number) =>
  insertClickThrough(postgres.db, {
    adId,
    at,
    option,
    unitPrice: 35,
    idPrefix: 'report',
    person: { gender: 'female', birthDate: '1990-04-01' },
  });

const hoursInto = (day: string, hours: number) => new Date(japanDayStart(day).getTime() + hours * 3_600_000);

async function savedBytes(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path())!);
}

const summary = (page: Page) => page.getByTestId('report-summary');

describe('the advertiser report', () => {
  it('opens the report, changes the range, sees the answers per option and downloads the CSV files', async () => {
    const { page } = browser;
    const advertiser = await advertiserWithPassword();
    const title = `春の新商品 ${unique()}`;
    const adId = await approvedAd(advertiser.id, title);
    const today = japanIsoDate(new Date());
    const yesterday = addDays(today, -1);
    const longAgo = addDays(today, -45);
    // Yesterday's last second and today's first (Japan time), and a day outside the last 30.
    await clickThrough(adId, new Date(japanDayStart(today).getTime() - 1000), 2);
    await clickThrough(adId, japanDayStart(today), 2);
    await clickThrough(adId, hoursInto(yesterday, 12), 1);
    await clickThrough(adId, hoursInto(yesterday, 13));
    await clickThrough(adId, hoursInto(longAgo, 12), 3);
    await forgetRolledUpAdFigures(postgres.db);

    // Signs in on the advertiser landing, and opens the report from the ad's card.
    await page.goto('/advertiser');
    await signInAsAdvertiser(page, advertiser.email, PASSWORD);
    await (await consoleNav(page)).getByRole('link', { name: '広告を管理' }).click();
    const card = advertiserAdCard(page, title);
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(`**/advertiser/ads/${adId}/report`);

    // By default: the last 30 days, today included.
    await summary(page).waitFor();
    expect(await page.getByLabel('開始日').inputValue()).toBe(addDays(today, -29));
    expect(await page.getByLabel('終了日').inputValue()).toBe(today);
    const text = await summary(page).innerText();
    expect(text).toMatch(/配信数\s*4件/);
    expect(text).toMatch(/回答数\s*3件/);
    expect(text).toMatch(/正解数\s*2件/);
    expect(text).toContain('中央値 40秒');
    expect(text).toMatch(/利用金額（税抜）\s*140円/);
    expect(text).toMatch(/消費税（10%）\s*14円/);
    expect(text).toMatch(/合計（税込）\s*154円/);
    const days = page.getByRole('region', { name: '日別の表' });
    expect(await days.locator('tbody tr').count()).toBe(30);
    // A delivery counts on the day of the click, an answer on the day it was given: yesterday's last
    // click was answered today.
    expect(await days.locator('tbody tr').last().innerText()).toMatch(/1件\s+2件\s+2件\s+35円/);
    expect(await days.locator('tbody tr').nth(28).innerText()).toMatch(/3件\s+1件\s+0件\s+105円/);
    expect(await page.getByRole('img', { name: /日別配信数と回答数。配信4件、回答3件/ }).count()).toBe(1);

    // Answers per option: the option, whether it is correct, how many and their share.
    const options = page.getByTestId('option-answers').getByRole('listitem');
    expect(await options.count()).toBe(3);
    expect(await options.nth(0).innerText()).toMatch(/赤[\s\S]*1件（33.3%）/);
    expect(await options.nth(1).innerText()).toMatch(/青[\s\S]*正解[\s\S]*2件（66.7%）/);
    expect(await options.nth(2).innerText()).toMatch(/緑[\s\S]*0件（0%）/);
    await expectAccessible(page);
    await screenshot(page, 'advertiser-report-default-range');

    // A range that ends before it starts is refused on the page, and nothing is asked.
    await page.getByLabel('開始日').fill(today);
    await page.getByLabel('終了日').fill(yesterday);
    await page.getByRole('button', { name: 'この期間で表示' }).click();
    expect(await page.getByRole('alert').innerText()).toBe(adReportMessages.fromAfterTo);
    expect(new URL(page.url()).search).toBe('');
    await expectAccessible(page);

    // A wider range: in the address, so it can be bookmarked.
    await page.getByLabel('開始日').fill(longAgo);
    await page.getByLabel('終了日').fill(today);
    await page.getByRole('button', { name: 'この期間で表示' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('from') === longAgo && url.searchParams.get('to') === today,
    );
    await expect.poll(() => summary(page).innerText()).toMatch(/配信数\s*5件/);
    expect(await options.nth(2).innerText()).toMatch(/緑[\s\S]*1件（25%）/);
    expect(await days.locator('tbody tr').count()).toBe(46);

    // Back to the default range and forward again, as the browser's buttons go.
    await page.goBack();
    await expect.poll(() => summary(page).innerText()).toMatch(/配信数\s*4件/);
    expect(await page.getByLabel('開始日').inputValue()).toBe(addDays(today, -29));
    await page.goForward();
    await expect.poll(() => summary(page).innerText()).toMatch(/配信数\s*5件/);
    expect(await page.getByLabel('開始日').inputValue()).toBe(longAgo);
    // An address with a wrong range says what is wrong, with the form there to put it right.
    await page.goto(`/advertiser/ads/${adId}/report?from=${today}&to=${longAgo}`);
    await expect.poll(() => page.getByRole('alert').first().innerText()).toBe(adReportMessages.fromAfterTo);
    expect(await page.getByLabel('開始日').inputValue()).toBe(today);
    await expectAccessible(page);
    // The bookmark opens the same range.
    await page.goto(`/advertiser/ads/${adId}/report?from=${yesterday}&to=${today}`);
    await expect.poll(() => summary(page).innerText()).toMatch(/配信数\s*4件/);
    expect(await days.locator('tbody tr').count()).toBe(2);

    // The CSV of the days shown: UTF-8 with BOM, the Japanese header, one row a day.
    const dayFile = page.waitForEvent('download');
    await page.getByRole('button', { name: '日別の集計をCSVでダウンロード' }).click();
    const dayDownload = await dayFile;
    expect(dayDownload.suggestedFilename()).toBe(`広告レポート_日別_${title}_${yesterday}_${today}.csv`);
    const dayBytes = await savedBytes(dayDownload);
    expect([...dayBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(dayBytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      '日付,配信数,回答数,正解数,利用金額(税抜)',
      `${yesterday},3,1,0,105`,
      `${today},1,2,2,35`,
      '',
    ]);

    const optionFile = page.waitForEvent('download');
    await page.getByRole('button', { name: '選択肢別の回答をCSVでダウンロード' }).click();
    const optionBytes = await savedBytes(await optionFile);
    expect([...optionBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(optionBytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      '選択肢番号,選択肢,正解,回答数,割合(%)',
    );
    await expectAccessible(page);
    await screenshot(page, 'advertiser-report-range');
  });
});
