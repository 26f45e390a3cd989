import { advertiserConsoleMessages, messages } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAdvertiser, signInAsAdvertiser } from './support/advertisers.ts';
import { expectAccessible, newPersonPage, screenshot, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { signInAsAdmin } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();
const confirmStep = (scope: Page | ReturnType<Page['locator']>) => scope.getByTestId('confirm-step');

/** An ad of `advertiserId` as the advertiser area stores it, with its answer apart. */
async function insertAd(advertiserId: string, title: string, status: 'pending' | 'approved') {
  const { rows } = await postgres.db.query(
    `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price,
       max_deliveries, status, is_active)
     values ($1, 'E2E広告社', $2, $3, '広告の色は？', '["赤","青","緑"]', 95, 120, 100, $4, $5) returning id`,
    [advertiserId, `${browser.baseUrl}/sample-ads/harema-coffee`, title, status, status === 'approved'],
  );
  await postgres.db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 2)', [
    rows[0].id,
  ]);
  return rows[0].id as string;
}

async function pendingAd(title: string) {
  const advertiserId = `adv-${unique()}`;
  await postgres.db.query(
    `insert into users (id, email, email_hash, role, display_name) values ($1, $2, $1, 'advertiser', 'E2E広告社')`,
    [advertiserId, `${advertiserId}@example.com`],
  );
  return insertAd(advertiserId, title, 'pending');
}

describe('the operator console', () => {
  it('confirms a pricing change with old → new, and reads the history in Japanese', async () => {
    const { rows } = await postgres.db.query(
      'select user_reward, base_fee, extra_targeting_fee from pricing_config where id = 1',
    );
    const original = rows[0];
    const newFee = original.base_fee + 5;
    try {
      const { page } = browser;
      await signInAsAdmin(page);
      await page.getByRole('link', { name: '設定' }).click();
      const pricing = page.getByRole('region', { name: '価格設定' });
      await pricing.getByLabel('基本料金（円）').fill(String(newFee));
      await pricing.getByRole('button', { name: '価格設定を保存' }).click();
      const change = `基本料金: ${original.base_fee}円 → ${newFee}円`;
      await expect.poll(() => confirmStep(pricing).innerText()).toContain(change);
      expect(await confirmStep(pricing).innerText()).not.toContain('ユーザー報酬');
      await expectAccessible(page);
      await screenshot(page, 'operator-pricing-confirm');

      await pricing.getByRole('button', { name: '戻る' }).click();
      expect(await confirmStep(pricing).count()).toBe(0);
      const unchanged = await postgres.db.query('select base_fee from pricing_config where id = 1');
      expect(unchanged.rows[0].base_fee).toBe(original.base_fee);

      await pricing.getByRole('button', { name: '価格設定を保存' }).click();
      await pricing.getByRole('button', { name: '変更を確定する' }).click();
      await expect.poll(() => pricing.getByRole('status').innerText()).toBe(messages.settingSaved);
      const entry = page.getByTestId('audit-entry').first();
      await expect.poll(() => entry.innerText()).toContain(change);
      const text = await entry.innerText();
      expect(text).toContain('価格設定');
      expect(text).toContain('（日本時間）');
      expect(text).toContain('admin@quiz-points.example');
      expect(text).not.toContain('{');
      await expectAccessible(page);
      await screenshot(page, 'operator-settings-history');
    } finally {
      await postgres.db.query(
        'update pricing_config set user_reward = $1, base_fee = $2, extra_targeting_fee = $3 where id = 1',
        [original.user_reward, original.base_fee, original.extra_targeting_fee],
      );
    }
  });

  it('rejects with a template reason, edited, and approves only after confirming', async () => {
    const tag = unique();
    const rejectedTitle = `定型文で却下 ${tag}`;
    const approvedTitle = `確認して承認 ${tag}`;
    const rejectedId = await pendingAd(rejectedTitle);
    const approvedId = await pendingAd(approvedTitle);
    const { page } = browser;
    await signInAsAdmin(page);
    await page.getByRole('link', { name: /広告審査/ }).click();
    // The queue is paged: the operator finds the two ads by their words.
    await page.getByLabel('広告タイトル・広告主名・メールアドレス').fill(tag);
    await page.getByRole('button', { name: '検索する' }).click();

    const rejected = page.getByTestId('pending-ad').filter({ hasText: rejectedTitle });
    await rejected.getByLabel('却下理由の定型文').selectOption({ index: 2 });
    const reason = rejected.getByPlaceholder('却下理由');
    const template = await reason.inputValue();
    expect(template).toContain('クイズの答えが広告ページにありません');
    await reason.fill(`${template}（3問目の選択肢）`);
    await expectAccessible(page);
    await rejected.getByRole('button', { name: '却下する' }).click();
    await expect
      .poll(() => confirmStep(rejected).innerText())
      .toContain(`「${rejectedTitle}」を却下しますか？`);
    expect(await rejected.getByTestId('confirm-reason').innerText()).toBe(`${template}（3問目の選択肢）`);
    await rejected.getByRole('button', { name: '却下を確定する' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: messages.mailSent }).count()).toBe(1);
    const stored = await postgres.db.query('select status, rejection_reason from ads where id = $1', [
      rejectedId,
    ]);
    expect(stored.rows[0]).toEqual({ status: 'rejected', rejection_reason: `${template}（3問目の選択肢）` });

    const approved = page.getByTestId('pending-ad').filter({ hasText: approvedTitle });
    await approved.getByRole('button', { name: '承認する' }).click();
    await expect
      .poll(() => confirmStep(approved).innerText())
      .toContain(`「${approvedTitle}」を承認しますか？`);
    await screenshot(page, 'operator-approve-confirm');
    await approved.getByRole('button', { name: '戻る' }).click();
    const waiting = await postgres.db.query('select status from ads where id = $1', [approvedId]);
    expect(waiting.rows[0].status).toBe('pending');
    await approved.getByRole('button', { name: '承認する' }).click();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `「${approvedTitle}」を承認しました。` })
          .count(),
      )
      .toBe(1);
    const done = await postgres.db.query('select status, is_active from ads where id = $1', [approvedId]);
    expect(done.rows[0]).toEqual({ status: 'approved', is_active: true });
  });

  it('finds an advertiser, suspends them after confirming (ads held, sign-in refused) and lifts it', async () => {
    const email = `operator-${unique()}@example.com`;
    const advertiser = await newPersonPage(browser);
    await newAdvertiser(advertiser.page, email, { db: postgres.db });
    const { rows } = await postgres.db.query('select id from users where email = $1', [email]);
    const advertiserId = rows[0].id as string;
    const title = `停止される広告 ${unique()}`;
    const adId = await insertAd(advertiserId, title, 'approved');

    const { page } = browser;
    await signInAsAdmin(page);
    await page.getByRole('link', { name: '広告主・利用停止' }).click();
    await page.waitForURL('**/admin/advertisers');
    await page.getByLabel('メールアドレス・会社名・名前').fill(email.slice(0, 15));
    await page.getByRole('button', { name: '検索する' }).click();
    const result = page.getByTestId('advertiser-result').filter({ hasText: email });
    await expect.poll(() => result.innerText()).toContain('配信中 1件');
    await expectAccessible(page);
    await screenshot(page, 'operator-advertisers');
    await result.getByRole('link', { name: 'E2E広告株式会社' }).click();

    const ads = page.getByRole('region', { name: /^広告（/ });
    await expect.poll(() => ads.innerText()).toContain('配信中');
    const suspension = page.getByRole('region', { name: '利用停止' });
    await suspension.getByRole('button', { name: '利用停止する' }).click();
    expect(await suspension.getByRole('alert').innerText()).toBe(messages.suspensionReasonRequired);
    await suspension.getByPlaceholder('利用停止の理由').fill('請求の未払いが続いているため');
    await suspension.getByRole('button', { name: '利用停止する' }).click();
    await expect.poll(() => confirmStep(suspension).innerText()).toContain('すべての広告（1件）');
    await expectAccessible(page);
    await screenshot(page, 'operator-suspend-confirm');
    await suspension.getByRole('button', { name: '利用停止を確定する' }).click();
    await expect.poll(() => suspension.getByRole('status').innerText()).toContain('利用停止にしました');
    await expect.poll(() => ads.innerText()).toContain('停止中（利用停止）');
    await expect
      .poll(() => page.getByTestId('advertiser-suspension-entry').first().innerText())
      .toContain('利用停止：請求の未払いが続いているため');
    const held = await postgres.db.query('select holds from ads where id = $1', [adId]);
    expect(held.rows[0].holds).toEqual(['suspended']);
    await screenshot(page, 'operator-advertiser-suspended');

    const signIn = async () => {
      await advertiser.page.goto('/advertiser');
      await signInAsAdvertiser(advertiser.page, email);
    };
    await signIn();
    await expect
      .poll(() => advertiser.page.getByRole('alert').first().innerText())
      .toBe(advertiserConsoleMessages.signInSuspended);
    await screenshot(advertiser.page, 'operator-suspended-sign-in');

    await suspension.getByPlaceholder('利用停止を解除する理由').fill('入金を確認したため');
    await suspension.getByRole('button', { name: '利用停止を解除する' }).click();
    await suspension.getByRole('button', { name: '解除を確定する' }).click();
    await expect.poll(() => suspension.getByRole('status').innerText()).toContain('解除しました');
    await expect.poll(() => ads.innerText()).not.toContain('停止中');
    const lifted = await postgres.db.query('select holds from ads where id = $1', [adId]);
    expect(lifted.rows[0].holds).toEqual([]);

    await signIn();
    await advertiser.page.getByRole('link', { name: '新しい広告を作成' }).waitFor();
    await advertiser.context.close();
  });
});
