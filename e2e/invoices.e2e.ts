import fs from 'node:fs';
import { japanClock, japanMonthStart, periodLabel } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../scripts/test-support.mjs';
import {
  approveAd,
  consoleNav,
  fillAdvertiserSignUp,
  insertDeliveries,
  registerCard,
  sendAdvertiserSignUp,
  submitAd,
} from './support/advertisers.ts';
import { expectAccessible, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();
/** The development defaults the test server runs with (apps/server/src/config.ts). */
const ISSUER_NAME = '株式会社クイズポイント';
const REGISTRATION_NUMBER = 'T0000000000000';

/** An instant in the Japan-time month before this one. */
function lastMonth() {
  const { year, month } = japanClock(new Date());
  const start = japanMonthStart(Number(year), Number(month));
  const at = new Date(start.getTime() - 3 * 86_400_000);
  const clock = japanClock(at);
  return { at, period: `${clock.year}${clock.month}` };
}

describe('spend and qualified invoices', () => {
  it('an advertiser gives the company details, sees a billed month and this month, and downloads the invoice PDF', async () => {
    const { page } = browser;
    const email = `invoice-adv-${unique()}@example.com`;
    const company = `株式会社請求テスト${unique()}`;

    // Sign-up asks for the invoices' addressee.
    await fillAdvertiserSignUp(page, email, {
      name: '請求テスト',
      invoiceName: company,
      address: '東京都港区芝公園1-1-1',
    });
    await expectAccessible(page);
    await sendAdvertiserSignUp(page, email);

    // The console's account page shows them and lets them change (here, the address).
    await (await consoleNav(page)).getByRole('link', { name: 'アカウント' }).click();
    const details = page.getByRole('region', { name: '請求書の宛名' });
    await details.getByLabel('住所（任意）').waitFor();
    expect(await details.getByLabel(/請求書の宛名（会社名・任意）/).inputValue()).toBe(company);
    await details.getByLabel('住所（任意）').fill('東京都港区芝公園4-2-8');
    await details.getByRole('button', { name: '宛名を保存する' }).click();
    await statusMessage(page, '請求書の宛名を保存しました。').waitFor();
    expect(await details.innerText()).toContain('東京都港区芝公園4-2-8');
    await expectAccessible(page);
    await screenshot(page, 'advertiser-company-details');

    // Register a card, submit an ad, and let it be approved.
    await page.goto('/advertiser/card-setup');
    await registerCard(page);
    const title = `請求の広告 ${unique()}`;
    const adId = await submitAd(page, title, {
      adProvider: '請求テスト',
      adUrl: 'https://example.com/invoice',
      maxDeliveries: 100,
    });
    await approveAd(postgres.db, adId);

    // Three clicks last month (billed by the monthly run) and two this month (spend so far), each by a
    // new member at 105 yen.
    const billed = lastMonth();
    const viewers = { unitPrice: 105, idPrefix: 'invoice-viewer' };
    await insertDeliveries(postgres.db, adId, { ...viewers, at: billed.at, count: 3 });
    await insertDeliveries(postgres.db, adId, { ...viewers, at: new Date(Date.now() - 60_000), count: 2 });
    const run = await page.request.post('/dev/payments/run-monthly-billing');
    expect(run.status()).toBe(200);

    await page.goto('/advertiser');
    await (await consoleNav(page)).getByRole('link', { name: 'ご利用金額と請求書' }).click();
    await page.waitForURL('**/advertiser/billing');
    const spend = page.getByTestId('spend-summary');
    await spend.waitFor();
    // 2 × 105 = 210 yen, tax 21 yen, 231 yen in all.
    expect(await spend.innerText()).toMatch(/配信数\s*2件[\s\S]*210円[\s\S]*21円[\s\S]*231円/);
    const spendTable = page.getByRole('table');
    expect(await spendTable.innerText()).toContain(title);
    const invoice = page.getByTestId('invoice').filter({ hasText: title });
    await invoice.waitFor();
    const invoiceText = await invoice.innerText();
    expect(invoiceText).toContain(`${periodLabel(billed.period)}分「${title}」`);
    // 3 × 105 = 315 yen, tax 31.5 rounded to 32 yen: 347 yen, charged to the card.
    expect(invoiceText).toMatch(/315円[\s\S]*32円[\s\S]*347円/);
    expect(invoiceText).toContain('決済済み');
    await expectAccessible(page);
    await screenshot(page, 'advertiser-billing');

    // The qualified invoice as PDF, with every field the law asks for.
    const downloading = page.waitForEvent('download');
    await invoice.getByRole('link', { name: /請求書PDFをダウンロード/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoice-\d{6}-[0-9a-f]{8}\.pdf$/);
    const file = await download.path();
    const text = await pdfText(new Uint8Array(fs.readFileSync(file)));
    const today = japanClock(new Date());
    for (const required of [
      '請求書（適格請求書）',
      ISSUER_NAME,
      `登録番号：${REGISTRATION_NUMBER}`,
      `${company} 御中`,
      '東京都港区芝公園4-2-8',
      `発行日：${today.year}年${Number(today.month)}月${Number(today.day)}日`,
      `${periodLabel(billed.period)}分`,
      `広告配信料「${title}」`,
      '3件',
      '10%対象 合計（税抜）',
      '315円',
      '消費税（10%）',
      '32円',
      '347円',
    ]) {
      expect(text, required).toContain(required);
    }
  });

  it('shows the configured registration number on the legal page', async () => {
    const { page } = browser;
    await page.goto('/advertiser/legal');
    expect(await page.getByTestId('registration-number').innerText()).toBe(REGISTRATION_NUMBER);
    expect(await page.locator('main').innerText()).toContain(ISSUER_NAME);
  });
});
