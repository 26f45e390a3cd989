import { japanClock, japanMonthStart } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleNav, insertDeliveries, mailsTo, newAdvertiser, registerCard } from './support/advertisers.ts';
import { expectAccessible, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { signInAsAdmin } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();
/** Stripe's always-declined test card, which the payment stand-in declines too. */
const DECLINING_CARD = '4000 0000 0000 0002';

const banner = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'お支払いが確認できないため、広告の配信を停止しています' });

/** An approved ad of the advertiser, with `count` click-throughs in the Japan-time month before this one. */
async function adBilledLastMonth(advertiserId: string, title: string, count: number) {
  const { rows } = await postgres.db.query(
    `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price,
       max_deliveries, status, is_active)
     values ($1, '決済テスト', 'https://example.com/pay', $2, '広告の色は？', '["赤","青"]', 95, 100, 100, 'approved', true)
     returning id`,
    [advertiserId, title],
  );
  const adId = rows[0].id as string;
  await postgres.db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 2)', [adId]);
  const { year, month } = japanClock(new Date());
  const lastMonth = new Date(japanMonthStart(Number(year), Number(month)).getTime() - 3 * 86_400_000);
  await insertDeliveries(postgres.db, adId, { at: lastMonth, count, unitPrice: 100, idPrefix: 'pay-viewer' });
  return adId;
}

async function invoiceOf(adId: string) {
  const { rows } = await postgres.db.query(
    'select i.status, i.failure_reason, a.holds from invoices i join ads a on a.id = i.ad_id where i.ad_id = $1',
    [adId],
  );
  return rows[0] as { status: string; failure_reason: string | null; holds: string[] };
}

describe('failed payments', () => {
  it('an advertiser whose card was declined sees the banner, registers a new card, and the banner goes', async () => {
    const { page } = browser;
    const email = `declined-${unique()}@example.com`;
    await newAdvertiser(page, email, { name: '決済テスト広告' });

    // A card that the provider will decline.
    await page.goto('/advertiser/card-setup');
    await registerCard(page, { cardNumber: DECLINING_CARD });
    const { rows } = await postgres.db.query('select id from users where email = $1', [email]);
    const title = `決済失敗の広告 ${unique()}`;
    const adId = await adBilledLastMonth(rows[0].id, title, 3);

    // The monthly run bills last month's 3 deliveries (330 yen with tax) and the card is declined.
    const run = await page.request.post('/dev/payments/run-monthly-billing');
    expect(run.status()).toBe(200);
    expect(await invoiceOf(adId)).toEqual({
      status: 'failed',
      failure_reason: 'Your card was declined.',
      holds: ['billing'],
    });
    const mailed = (await mailsTo(page, email)).filter((m) =>
      m.subject.includes('お支払いができませんでした'),
    );
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.text).toContain(`「${title}」の配信料 330円（税込）`);

    await page.goto('/advertiser');
    await banner(page).waitFor();
    expect(await banner(page).innerText()).toContain(`「${title}」330円（税込）`);
    await expectAccessible(page);
    await screenshot(page, 'advertiser-payment-failed');

    // The ads page tells why the ads are held, with the same way out.
    await (await consoleNav(page)).getByRole('link', { name: '広告を管理' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    await banner(page).waitFor();
    await page.getByTestId('advertiser-ad').filter({ hasText: title }).waitFor();
    await expectAccessible(page);
    await banner(page).getByRole('link', { name: 'カードを更新する' }).click();
    await page.waitForURL('**/advertiser/card-setup');
    await banner(page).waitFor();
    // The prefilled test card pays: the failed invoice is charged again and the ads resume.
    await registerCard(page, { button: 'カードを変更する' });
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await invoiceOf(adId)).toEqual({ status: 'charged', failure_reason: null, holds: [] });
    await screenshot(page, 'advertiser-card-updated');
    await page.goto('/advertiser');
    await page.getByRole('link', { name: '新しい広告を作成' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it('the operator sees a failed charge and retries it', async () => {
    const { page } = browser;
    // An advertiser whose charge failed before; the card on file now pays.
    const advertiserId = `failed-adv-${unique()}`;
    const name = `決済失敗テスト社 ${unique()}`;
    await postgres.db.query(
      `insert into users (id, email, email_hash, role, display_name, card_registered) values ($1, $2, $1, 'advertiser', $3, true)`,
      [advertiserId, `${advertiserId}@example.com`, name],
    );
    await postgres.db.query(
      `insert into advertiser_billing (user_id, provider_customer_id, payment_method_id, card_brand, card_last4, registered_at)
       values ($1, $2, $3, 'visa', '4242', now())`,
      [advertiserId, `cus_e2e_${advertiserId}`, `pm_e2e_${advertiserId}`],
    );
    const title = `再決済の広告 ${unique()}`;
    const adId = await adBilledLastMonth(advertiserId, title, 0);
    await postgres.db.query(`update ads set holds = array['billing'] where id = $1`, [adId]);
    await postgres.db.query(
      `insert into invoices (ad_id, advertiser_id, period, deliveries, unit_price, subtotal, tax, total, status,
         charge_attempts, failure_reason, failed_at)
       values ($1, $2, '202609', 5, 100, 500, 50, 550, 'failed', 3, 'Your card was declined.', now())`,
      [adId, advertiserId],
    );

    await signInAsAdmin(page);
    await page.getByRole('link', { name: '決済失敗' }).click();
    await page.waitForURL('**/admin/billing');
    const row = page.getByTestId('failed-charge').filter({ hasText: title });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(name);
    expect(text).toContain('2026年9月分');
    expect(text).toContain('550円');
    expect(text).toContain('Your card was declined.');
    expect(text).toMatch(/決済の試行\s*3回/);
    await expectAccessible(page);
    await screenshot(page, 'admin-failed-charges');

    await row.getByRole('button', { name: '再決済する' }).click();
    await statusMessage(page, `${name}「${title}」2026年9月分の決済が完了しました。`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(await invoiceOf(adId)).toEqual({ status: 'charged', failure_reason: null, holds: [] });
    const { rows } = await postgres.db.query(
      `select count(*)::int as n from admin_audit a join invoices i on i.id::text = a.target_id
       where a.action = 'retry_invoice' and i.ad_id = $1`,
      [adId],
    );
    expect(rows[0].n).toBe(1);
  });
});
