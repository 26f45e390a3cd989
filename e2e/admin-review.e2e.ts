import { messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { completeSignup, findPendingAd, signInAsAdmin, signInWithGoogle } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

/** A submitted ad, as the advertiser area will create it: pending, inactive, with its answer apart. */
async function submittedAd(title: string) {
  const advertiserId = `adv-${unique()}`;
  await postgres.db.query(
    `insert into users (id, email, email_hash, role, display_name) values ($1, $2, $1, 'advertiser', 'E2E広告社')`,
    [advertiserId, `${advertiserId}@example.com`],
  );
  const { rows } = await postgres.db.query(
    `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price,
       max_deliveries, status, is_active)
     values ($1, 'E2E広告社', $2, $3, '広告の色は？', '["赤","青","緑"]', 95, 120, 100, 'pending', false) returning id`,
    [advertiserId, `${browser.baseUrl}/sample-ads/harema-coffee`, title],
  );
  await postgres.db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 2)', [
    rows[0].id,
  ]);
  return rows[0].id as string;
}

describe('ad review', () => {
  it('approves a pending ad from the hub, and a user then sees it', async () => {
    const title = `審査待ち ${unique()}`;
    await submittedAd(title);
    const { page, context } = browser;
    await signInAsAdmin(browser.page);
    await expect.poll(() => page.getByRole('link', { name: /広告審査/ }).innerText()).toMatch(/未処理 \d+件/);
    await expectAccessible(page);
    const card = await findPendingAd(page, title);
    expect(await card.innerText()).toContain('青（正解）');
    expect(await card.getByTestId('pending-ad-targeting').innerText()).toBe(
      '配信対象 性別：指定なし ／ 年代：指定なし',
    );
    expect(await card.getByTestId('pending-ad-window').innerText()).toBe('配信期間 指定なし');
    await expectAccessible(page);
    await screenshot(page, 'admin-review');
    await card.getByRole('button', { name: '承認する' }).click();
    await card.getByRole('button', { name: '承認を確定する' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: messages.mailSent }).count()).toBe(1);

    const userContext = await context.browser()!.newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
    const user = await userContext.newPage();
    await signInWithGoogle(user, `viewer-${unique()}@example.com`);
    await completeSignup(user);
    await expect.poll(() => user.locator('.ad-card').filter({ hasText: title }).count()).toBe(1);
    await userContext.close();
  });

  it('rejects only with a reason, which the advertiser is given', async () => {
    const title = `却下される広告 ${unique()}`;
    const adId = await submittedAd(title);
    const { page } = browser;
    await signInAsAdmin(browser.page);
    await page.goto(`/admin/review?q=${encodeURIComponent(title)}`);
    const card = page.getByTestId('pending-ad').filter({ hasText: title });
    await card.getByRole('button', { name: '却下する' }).click();
    expect(await card.getByRole('alert').innerText()).toBe(messages.rejectionReasonRequired);
    await card.getByPlaceholder('却下理由').fill('クイズの正解が広告ページに書かれていません');
    await card.getByRole('button', { name: '却下する' }).click();
    // Rejecting is confirmed like approving: nothing is sent before 却下を確定する.
    expect((await postgres.db.query('select status from ads where id = $1', [adId])).rows[0].status).toBe(
      'pending',
    );
    await card.getByRole('button', { name: '却下を確定する' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: messages.mailSent }).count()).toBe(1);
    expect(await card.count()).toBe(0);
    const { rows } = await postgres.db.query('select status, rejection_reason from ads where id = $1', [
      adId,
    ]);
    expect(rows[0]).toEqual({
      status: 'rejected',
      rejection_reason: 'クイズの正解が広告ページに書かれていません',
    });
  });

  it('refuses the admin pages to a user', async () => {
    const { page } = browser;
    await signInWithGoogle(page, `not-admin-${unique()}@example.com`);
    await completeSignup(page);
    for (const path of ['/admin', '/admin/review', '/admin/gifts']) {
      await page.goto(path);
      expect(await page.getByRole('alert').innerText(), path).toBe(messages.forbidden);
    }
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
  });
});

describe('daily quiz creation', () => {
  it('validates, adds and removes options, creates tomorrow’s quiz and refuses a second one for that date', async () => {
    const { page } = browser;
    await signInAsAdmin(browser.page);
    await page.getByRole('link', { name: 'デイリークイズ作成' }).click();
    await page.waitForURL('**/admin/create-quiz');
    const submit = page.getByRole('button', { name: '登録する' });
    await submit.click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.allFieldsRequired);

    const remove = page.getByRole('button', { name: /^削除/ });
    expect(await remove.first().isDisabled()).toBe(true);
    await page.getByRole('button', { name: '選択肢を追加' }).click();
    expect(await remove.count()).toBe(3);
    expect(await remove.first().isEnabled()).toBe(true);

    await page.getByLabel('問題文').fill('日本で一番長い川はどれでしょう？');
    expect(await page.locator('#quiz-question-count').innerText()).toBe('16 / 150');
    await page.getByPlaceholder('選択肢1').fill('信濃川');
    await page.getByPlaceholder('選択肢2').fill('利根川');
    await page.getByPlaceholder('選択肢3').fill('石狩川');
    await page.getByRole('button', { name: /削除\s*（選択肢3）/ }).click();
    expect(await remove.count()).toBe(2);
    await page.getByLabel('正解').selectOption('1');
    await page.getByLabel('解説（任意）').fill('信濃川は全長367kmです。');
    await expectAccessible(page);
    await submit.click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: messages.dailyQuizCreated }).count())
      .toBe(1);
    await expect
      .poll(() => page.getByTestId('daily-quiz-row').filter({ hasText: '日本で一番長い川' }).count())
      .toBe(1);

    await page.getByLabel('問題文').fill('同じ日付の別の問題');
    await page.getByPlaceholder('選択肢1').fill('A');
    await page.getByPlaceholder('選択肢2').fill('B');
    await page.getByLabel('正解').selectOption('2');
    await submit.click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(messages.dailyQuizDateTaken);
  });
});

describe('reward check', () => {
  it('looks up by e-mail, with the spec messages for a missing or unknown address', async () => {
    const { page, context } = browser;
    const userContext = await context.browser()!.newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
    const user = await userContext.newPage();
    const email = `checked-${unique()}@example.com`;
    await signInWithGoogle(user, email);
    await completeSignup(user);
    await user.goto('/daily-quiz');
    await user.getByLabel('富士山').check();
    await user.getByRole('button', { name: '回答する' }).click();
    await user.locator('#result-title').waitFor();
    await userContext.close();

    await signInAsAdmin(browser.page);
    await page.getByRole('link', { name: '報酬確認' }).click();
    await page.getByRole('button', { name: '確認する' }).click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.emailRequired);
    await page.getByLabel('メールアドレス').fill('nobody@example.com');
    await page.getByRole('button', { name: '確認する' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(messages.rewardDataNotFound);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '確認する' }).click();
    const row = page.getByTestId('reward-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('付与済み（5 Pt）');
    await expectAccessible(page);
  });
});
