import { adFieldMessages, messages, optionRequiredMessage } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveAd, fillAdForm, insertDeliveries, newAdvertiser, submitAd } from './support/advertisers.ts';
import { expectAccessible, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';

/** How long a poll may wait for the table's next answer (a busy machine answers slowly). */
const settled = { timeout: 15_000 };

/**
 * `count` approved, delivering ads of the advertiser, one statement: titled `prefix` and their number,
 * a minute apart (the first the oldest), priced 30 yen with room for 1,000 deliveries.
 */
async function manyAds(
  db: ReturnType<typeof usePostgres>['db'],
  email: string,
  prefix: string,
  count: number,
) {
  const { rows } = await db.query<{ id: string }>(
    `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward,
                      base_fee, unit_price, max_deliveries, status, is_active, created_at)
     select u.id, 'E2E広告', 'https://example.com/e2e', $2 || ' ' || lpad(n::text, 3, '0'), '色は？',
            '["赤","青"]'::jsonb, 10, 20, 30, 1000, 'approved', true, now() - make_interval(mins => $3 - n)
     from users u cross join generate_series(1, $3) n where u.email = $1
     returning id`,
    [email, prefix, count],
  );
  return rows.map((row) => row.id);
}

/** The table's rows (cards on a phone) whose ad is titled `title`. */
const row = (page: Page, title: string) => page.getByTestId('advertiser-ad').filter({ hasText: title });

describe.each([
  { name: 'desk', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
])('the advertiser console on a $name ($viewport.width×$viewport.height)', ({ name, viewport }) => {
  const browser = useBrowser({ server: 'postgres', viewport });
  const postgres = usePostgres();

  it('walks the ads table: pages past 50, sorts, filters, searches, raises a limit with its amount confirmed, resumes in bulk and ends delivery', async () => {
    const { page } = browser;
    const email = `table-${unique()}@example.com`;
    await newAdvertiser(page, email, { name: 'E2E表示株式会社', db: postgres.db });
    const ids = await manyAds(postgres.db, email, '春の広告', 60);
    // Two ads have deliveries (the 11th the most), two are paused.
    await insertDeliveries(postgres.db, ids[59]!, {
      at: new Date(),
      count: 4,
      unitPrice: 30,
      idPrefix: `t-${unique()}`,
    });
    await insertDeliveries(postgres.db, ids[10]!, {
      at: new Date(),
      count: 6,
      unitPrice: 30,
      idPrefix: `t-${unique()}`,
    });
    await postgres.db.query(`update ads set holds = '{paused}' where id = any($1)`, [[ids[20], ids[21]]]);
    const special = await submitAd(page, `夏のキャンペーン ${unique()}`, { maxDeliveries: 1000 });
    await approveAd(postgres.db, special);

    await page.goto('/advertiser/ads-status');
    const rows = page.getByTestId('advertiser-ad');
    await rows.nth(49).waitFor();
    expect(await rows.count()).toBe(50);
    expect(await page.getByRole('navigation', { name: '広告一覧のページ' }).innerText()).toContain(
      '61件中 1〜50件',
    );
    expect(await page.getByTestId('ads-totals').innerText()).toMatch(/該当する広告\s*61件/);
    await expectAccessible(page);
    await screenshot(page, `ads-console-table-${name}`);

    // Past 50: the second page holds the other 11, and the address keeps it.
    await page.getByRole('button', { name: '次へ' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => rows.count(), settled).toBe(11);
    await page.getByRole('button', { name: '前へ' }).click();
    await expect.poll(() => rows.count(), settled).toBe(50);

    // Sorted by spend, most first: the 10th ad's 6 deliveries (180 yen) lead, then the newest's 4.
    if (name === 'desk') {
      await page.getByRole('button', { name: /^ご利用金額/ }).click();
      const heading = page.getByRole('columnheader', { name: /^ご利用金額/ });
      await expect.poll(() => heading.getAttribute('aria-sort'), settled).toBe('descending');
    } else {
      await page.getByLabel('並び替え').selectOption({ label: 'ご利用金額が多い順' });
    }
    await page.waitForURL((url) => url.searchParams.get('sort') === 'spend');
    await expect.poll(() => rows.first().innerText(), settled).toContain('春の広告 011');
    expect(await rows.first().getByTestId('ad-spend').innerText()).toBe('180円');
    expect(await rows.nth(1).innerText()).toContain('春の広告 060');

    // Filtered to the paused ones (the filter says how many each state holds).
    await page.getByLabel('ステータス').selectOption({ label: '一時停止中（2）' });
    await expect.poll(() => rows.count(), settled).toBe(2);
    // Resumed both at once: what they may spend again is shown before the second click.
    await page.getByRole('checkbox', { name: '「春の広告 021」を選択' }).check();
    await page.getByRole('checkbox', { name: '「春の広告 022」を選択' }).check();
    await page.getByRole('button', { name: '再開（2件）' }).click();
    const bulk = page.getByRole('dialog', { name: '2件の広告の配信を再開' });
    await bulk.waitFor();
    expect(await bulk.getByTestId('bulk-resume-commitment').innerText()).toMatch(
      /残り配信数（合計）\s*2,000件[\s\S]*最大ご請求額（税込・合計）\s*66,000円/,
    );
    await expectAccessible(page);
    await screenshot(page, `ads-console-bulk-resume-${name}`);
    await bulk.getByRole('button', { name: '2件の配信を再開する' }).click();
    await statusMessage(page, '2件の広告を再開しました。').waitFor();
    await page.getByText('条件に合う広告はありません。', { exact: false }).waitFor();
    expect(await rows.count()).toBe(0);
    const { rows: resumed } = await postgres.db.query('select holds from ads where id = any($1)', [
      [ids[20], ids[21]],
    ]);
    expect(resumed).toEqual([{ holds: [] }, { holds: [] }]);

    // Searched by a part of a title, every state.
    await page.getByLabel('ステータス').selectOption({ index: 0 });
    await rows.nth(49).waitFor();
    await page.getByLabel('タイトルで検索').fill('キャンペーン');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'キャンペーン');
    await expect.poll(() => rows.count(), settled).toBe(1);
    const ad = row(page, '夏のキャンペーン');

    // Raise limit 1,000 → 1,500: a smaller number is refused beside the field, and the message goes
    // the moment the number is right; the amount is shown and a second click commits it.
    await ad.getByRole('button', { name: /のその他の操作$/ }).click();
    await page.getByRole('button', { name: '上限を変更', exact: true }).click();
    const raise = page.getByRole('dialog', { name: '配信上限の変更' });
    const limit = raise.getByLabel('新しい配信上限数（件）');
    await expect.poll(() => limit.evaluate((input) => input === document.activeElement)).toBe(true);
    // Escape closes it, nothing changed.
    await page.keyboard.press('Escape');
    await expect.poll(() => raise.count()).toBe(0);
    await ad.getByRole('button', { name: /のその他の操作$/ }).click();
    await page.getByRole('button', { name: '上限を変更', exact: true }).click();
    await limit.fill('1000');
    await raise.getByRole('button', { name: '内容を確認する' }).click();
    expect(await raise.getByText(messages.limitMustIncrease).count()).toBe(1);
    expect(await limit.getAttribute('aria-invalid')).toBe('true');
    await limit.fill('1500');
    await expect.poll(() => raise.getByText(messages.limitMustIncrease).count()).toBe(0);
    expect(await limit.getAttribute('aria-invalid')).toBeNull();
    expect(await raise.getByTestId('raise-limit-preview').innerText()).toContain('49,500円');
    await raise.getByRole('button', { name: '内容を確認する' }).click();
    const confirm = page.getByRole('dialog', { name: '配信上限の変更内容の確認' });
    const commitment = await confirm.getByTestId('raise-limit-commitment').innerText();
    expect(commitment).toMatch(/1配信あたりの単価\s*30円/);
    expect(commitment).toMatch(/1,000件 → 1,500件（\+500件）/);
    expect(commitment).toMatch(/新しい最大ご請求額（税込）\s*49,500円（\+16,500円）/);
    await expectAccessible(page);
    await screenshot(page, `ads-console-raise-limit-${name}`);
    const { rows: before } = await postgres.db.query('select max_deliveries from ads where id = $1', [
      special,
    ]);
    expect(before).toEqual([{ max_deliveries: 1000 }]);
    await confirm.getByRole('button', { name: '上限を1,500件に変更する' }).click();
    await statusMessage(page, messages.adLimitRaised).waitFor();
    await expect.poll(() => ad.getByTestId('ad-deliveries').innerText(), settled).toContain('0 / 1,500件');

    // Ending delivery is in the menu, an outline, and says what was spent.
    await ad.getByRole('button', { name: /のその他の操作$/ }).click();
    await page.getByRole('button', { name: '配信を終了する' }).click();
    const end = page.getByRole('dialog', { name: messages.endDeliveryConfirm });
    expect(await end.getByTestId('end-delivery-spent').innerText()).toMatch(
      /これまでのご利用金額（税抜）\s*0円/,
    );
    const endButton = end.getByRole('button', { name: '配信を終了する' });
    expect(await endButton.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await endButton.click();
    await statusMessage(page, messages.adDeliveryEnded).waitFor();
    await expect.poll(() => ad.innerText(), settled).toContain('停止中');
    // No filled red button anywhere on the page.
    const filledRed = await page.locator('.button--danger').count();
    expect(filledRed).toBe(0);
  });

  it('says what is wrong with each field of the create form once, clears it when right, and keeps the price in view', async () => {
    const { page } = browser;
    await newAdvertiser(page, `form-${unique()}@example.com`, { db: postgres.db });
    await page.goto('/advertiser/create-ad');
    await page.getByTestId('price-total').waitFor();
    await page.getByRole('button', { name: '審査に申し込む' }).click();

    // SPEC's summary once, and each field's own message beside it.
    await page.getByRole('alert').waitFor();
    expect(await page.getByText(messages.allFieldsRequired).count()).toBe(1);
    expect(await page.getByRole('alert').innerText()).toBe(messages.allFieldsRequired);
    const title = page.getByLabel('広告タイトル');
    await expect.poll(() => title.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    const describedBy = async (label: string | RegExp) => {
      const ids = (await page.getByLabel(label).getAttribute('aria-describedby')) ?? '';
      return Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()));
    };
    expect(await describedBy('広告タイトル')).toContain(adFieldMessages.titleRequired);
    expect(await describedBy('広告主名（表示名）')).toContain(adFieldMessages.providerRequired);
    expect(await describedBy('広告ページのURL')).toContain(adFieldMessages.urlInvalid);
    expect(await describedBy('クイズの問題文')).toContain(adFieldMessages.questionRequired);
    expect(await page.getByText(optionRequiredMessage(1)).count()).toBe(1);
    expect(await page.getByText(adFieldMessages.correctRequired).count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, `ads-console-create-errors-${name}`);

    // The title's message goes the moment it is typed; the others stay.
    await title.fill('夏のセール');
    await expect.poll(() => page.getByText(adFieldMessages.titleRequired).count()).toBe(0);
    expect(await page.getByText(adFieldMessages.providerRequired).count()).toBe(1);

    // Sections fold, saying so.
    const section = page.getByRole('button', { name: /プロフィールで絞り込む（任意）/ });
    expect(await section.getAttribute('aria-expanded')).toBe('false');
    await section.click();
    expect(await section.getAttribute('aria-expanded')).toBe('true');

    // The price stays in view beside the targeting on a desk; the total follows it.
    await page.getByText('都道府県で絞り込む（任意）').click();
    await page.getByRole('checkbox', { name: '鳥取県' }).check();
    await expect.poll(() => page.getByTestId('price-per-delivery').innerText(), settled).toBe('35円');
    if (name === 'desk') {
      const box = await page.getByTestId('price-total').boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      await screenshot(page, `ads-console-create-sticky-${name}`);
    }

    await fillAdForm(page, {
      title: `夏のセール ${unique()}`,
      url: `${browser.baseUrl}/sample-ads/harema-coffee`,
    });
    await page.getByRole('button', { name: '審査に申し込む' }).click();
    const confirm = page.getByRole('dialog', { name: '審査の申し込み内容の確認' });
    const commitment = await confirm.getByTestId('ad-submit-commitment').innerText();
    expect(commitment).toMatch(/1配信あたりの単価\s*35円/);
    expect(commitment).toMatch(/お支払い総額（税込・最大）\s*3,850円/);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'この内容で申し込む' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    await statusMessage(page, messages.adSubmitted).waitFor();
  });

  it('says at sign-up which rule a field broke, once', async () => {
    const { page } = browser;
    await page.goto('/advertiser');
    await page.getByRole('button', { name: '登録して確認メールを受け取る' }).click();
    const displayName = page.getByLabel('会社名または表示名');
    await expect.poll(() => displayName.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByText(messages.displayNameRequired).count()).toBe(1);
    expect(await page.getByText(messages.displayNameTooLong).count()).toBe(0);
    expect(await page.getByText(messages.advertiserTermsRequired).count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, `ads-console-sign-up-errors-${name}`);
    await displayName.fill('E2E広告');
    await expect.poll(() => page.getByText(messages.displayNameRequired).count()).toBe(0);
    expect(await page.getByText(messages.advertiserTermsRequired).count()).toBe(1);
  });
});
