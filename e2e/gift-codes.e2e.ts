import { giftCodeMessages, messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { verifiedUser } from './support/exchangers.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { signInAsAdmin } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

/**
 * The gift-code inventory, walked by the admin and a member: QUO 3,000 is used only here,
 * so the other exchange journeys keep the admin's manual path.
 */
describe('the gift-code inventory', () => {
  it('the admin loads codes, sees them masked and withdraws one; a member gets one at once, then waits', async () => {
    const suffix = unique().toUpperCase();
    const codes = [`QUO3000-${suffix}-KEEP`, `QUO3000-${suffix}-DROP`];

    const adminContext = await browser.context
      .browser()!
      .newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    const warning = admin.getByRole('status').filter({ hasText: 'ギフトコードの在庫が残りわずかです' });
    expect(await warning.innerText()).toContain('QUOカードPay 3,000円分：残り0件');
    await warning.getByRole('link', { name: '在庫を補充する' }).click();
    await admin.getByRole('region', { name: 'ギフトコードの在庫数' }).waitFor();
    await expectAccessible(admin);

    await admin.getByRole('button', { name: '登録する' }).click();
    expect(await admin.getByRole('alert').innerText()).toBe(messages.giftTypeUnavailable);
    await admin.getByLabel('ギフトの種類').selectOption({ label: 'QUOカードPay' });
    await admin.getByLabel('金額').selectOption({ label: '3,000円分' });
    // The file field speaks Japanese (our button, not the browser's Choose File) and names the file chosen.
    const fileField = admin.locator('.file-pick');
    expect(await fileField.innerText()).toBe('ファイルを選ぶ\n選択されていません');
    await admin.getByLabel('CSVファイル').setInputFiles({
      name: 'quo-3000.csv',
      mimeType: 'text/csv',
      // As a spreadsheet exports it: a byte-order mark, quoted fields, a comma inside a memo.
      buffer: Buffer.from(
        `\uFEFF"code","memo"\r\n${codes.map((code, i) => `"${code}","${i + 1}枚目, 店頭分"`).join('\r\n')}\r\n`,
      ),
    });
    await expect.poll(() => admin.getByText('2件のコードを読み込みました。').count()).toBe(1);
    expect(await fileField.innerText()).toBe('ファイルを選ぶ\nquo-3000.csv');
    await admin.getByRole('button', { name: '登録する' }).click();
    await expect
      .poll(() => admin.getByRole('status').filter({ hasText: '登録しました' }).innerText())
      .toBe(giftCodeMessages.loaded(2));
    const row = admin.getByRole('row').filter({ hasText: 'QUOカードPay 3,000円分' });
    await expect.poll(() => row.innerText()).toContain('2件');
    expect(await fileField.innerText()).toBe('ファイルを選ぶ\n選択されていません');

    await row.getByRole('button', { name: 'QUOカードPay 3,000円分のコードを見る' }).click();
    const list = admin.getByRole('region', { name: 'QUOカードPay 3,000円分のコード一覧' });
    await list.waitFor();
    const listed = await list.innerText();
    expect(listed).toContain('••••KEEP');
    expect(listed).toContain('••••DROP');
    expect(listed).not.toContain(suffix);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-gift-codes');
    await list.getByRole('button', { name: '••••DROPを取り下げる' }).click();
    await expect.poll(() => list.innerText()).toContain('取り下げ済み');
    expect(await admin.getByRole('status').filter({ hasText: '••••DROP' }).innerText()).toContain(
      giftCodeMessages.withdrawn,
    );

    const { page } = browser;
    const email = await verifiedUser(page, postgres.db, 6000);
    await page.goto('/gift');
    const instant = page.getByLabel(/QUOカードPay 3,000円分/);
    expect(await page.locator('label', { has: instant }).innerText()).toContain('すぐに発行');
    await expectAccessible(page);
    await screenshot(page, 'gift-instant');
    await instant.check();
    await page.getByRole('button', { name: '交換を申請する' }).click();
    await page.waitForURL('**/exchange-history');
    expect(await page.getByRole('status').first().innerText()).toBe(giftCodeMessages.issuedNow);
    const card = page.locator('.gift-card').first();
    await expect.poll(() => card.innerText()).toContain(`ギフトコード：${codes[0]}`);
    expect(await card.innerText()).toContain(messages.giftStatusIssued);
    await screenshot(page, 'exchange-history-instant');
    // The notice belongs to the exchange: a reload shows the history without it.
    await page.reload();
    await expect.poll(() => page.locator('.gift-card').first().innerText()).toContain(codes[0]!);
    expect(await page.getByText(giftCodeMessages.issuedNow).count()).toBe(0);
    const mail = await postgres.db.query('select text from dev_outbox where "to" = $1', [email]);
    expect(mail.rows.map((row: { text: string }) => row.text).join('\n')).toContain(codes[0]);

    // The withdrawn code is never given out: the next exchange waits for the admin.
    await page.goto('/gift');
    expect(
      await page.locator('label', { has: page.getByLabel(/QUOカードPay 3,000円分/) }).innerText(),
    ).not.toContain('すぐに発行');
    await page.getByLabel(/QUOカードPay 3,000円分/).check();
    await page.getByRole('button', { name: '交換を申請する' }).click();
    await page.waitForURL('**/exchange-history');
    expect(await page.getByRole('status').first().innerText()).toContain('3営業日以内');
    await expect
      .poll(() => page.locator('.gift-card').first().innerText())
      .toContain(messages.giftStatusPending);

    await admin.goto('/admin/gift-codes');
    await expect
      .poll(() => admin.getByRole('row').filter({ hasText: 'QUOカードPay 3,000円分' }).innerText())
      .toMatch(/0件[\s\S]*1件[\s\S]*1件/);
    await adminContext.close();
  });
});
