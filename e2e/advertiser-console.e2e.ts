import { addDays, japanIsoDate } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advertiserAdCard, signInAsAdvertiser } from './support/advertisers.ts';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { forgetRolledUpAdFigures, usePostgres } from './support/postgres.ts';
import { insertAdvertiserWithPassword, insertClickThrough, unique } from './support/rows.ts';
import { signInAsAdmin } from './support/users.ts';

const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const browser = useBrowser({ server: 'postgres', viewport: DESK });
const postgres = usePostgres();
const PASSWORD = 'e2e-console-password-1';

const advertiserWithPassword = () =>
  insertAdvertiserWithPassword(postgres.db, {
    idPrefix: 'adv-console',
    company: 'コンソール広告社',
    password: PASSWORD,
  });

/** An ad of the advertiser's at 30 yen a delivery, in the given state. */
async function ad(
  advertiserId: string,
  title: string,
  values: { status: string; maxDeliveries?: number; endsAt?: Date; rejectionReason?: string },
) {
  const { rows } = await postgres.db.query(
    `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward,
       unit_price, max_deliveries, status, is_active, ends_at, rejection_reason, created_at)
     values ($1, 'コンソール広告社', 'https://example.com/e2e', $2, '広告の色は？', '["赤","青"]', 20, 30, $3, $4,
       $4 = 'approved', $5, $6, now() - interval '20 days') returning id`,
    [
      advertiserId,
      title,
      values.maxDeliveries ?? 100,
      values.status,
      values.endsAt ?? null,
      values.rejectionReason ?? null,
    ],
  );
  const adId = rows[0].id as string;
  await postgres.db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 2)', [adId]);
  return adId;
}

const clickThrough = (adId: string, at: Date, option?: number) =>
  insertClickThrough(postgres.db, { adId, at, option, unitPrice: 30, idPrefix: 'console' });

/**
 * An advertiser whose dashboard has something of everything: an ad near its cap (6 deliveries today,
 * 3 three days ago, of 10), one rejected, one in review, one whose window ends tomorrow, and an
 * invoice whose card charge failed.
 */
async function accountWithAlerts() {
  const advertiser = await advertiserWithPassword();
  const suffix = unique();
  const tomorrow = addDays(japanIsoDate(new Date()), 1);
  const titles = {
    near: `上限間近の広告 ${suffix}`,
    rejected: `却下された広告 ${suffix}`,
    pending: `審査中の広告 ${suffix}`,
    ending: `期間終了間近の広告 ${suffix}`,
  };
  const near = await ad(advertiser.id, titles.near, { status: 'approved', maxDeliveries: 10 });
  const rejected = await ad(advertiser.id, titles.rejected, {
    status: 'rejected',
    rejectionReason: '広告ページにクイズの答えがありません',
  });
  await ad(advertiser.id, titles.pending, { status: 'pending' });
  // The window's last day is tomorrow: it ends at 00:00 Japan time the day after.
  const ending = await ad(advertiser.id, titles.ending, {
    status: 'approved',
    endsAt: new Date(`${addDays(tomorrow, 1)}T00:00:00+09:00`),
  });
  const minuteAgo = new Date(Date.now() - 60_000);
  for (let i = 0; i < 6; i++) await clickThrough(near, minuteAgo, i < 4 ? 2 : i === 4 ? 1 : undefined);
  for (let i = 0; i < 3; i++) await clickThrough(near, new Date(Date.now() - 3 * 86_400_000), 2);
  await postgres.db.query(
    `insert into invoices (ad_id, advertiser_id, period, deliveries, unit_price, subtotal, tax, total, status)
     values ($1, $2, '202601', 11, 30, 330, 33, 363, 'failed')`,
    [near, advertiser.id],
  );
  await forgetRolledUpAdFigures(postgres.db);
  return { ...advertiser, titles, ids: { near, rejected, ending } };
}

type Account = Awaited<ReturnType<typeof accountWithAlerts>>;
let account: Account | undefined;
const theAccount = async () => {
  account ??= await accountWithAlerts();
  return account;
};

const sideNav = (page: Page) => page.getByRole('navigation', { name: '広告主メニュー' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'メニュー', exact: true });
const figure = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const paymentBanner = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'お支払いが確認できないため、広告の配信を停止しています' });
const alertFor = (page: Page, text: string) =>
  page.getByTestId('dashboard-alerts').getByRole('listitem').filter({ hasText: text });

/**
 * The page's own heading once its figures are in: `title` when given (a page that follows a click is
 * drawn once its code has arrived; until then the last one stays).
 */
async function heading(page: Page, title?: string) {
  if (title) await expect.poll(() => page.locator('main h1').innerText()).toBe(title);
  await page.locator('main h1').waitFor();
  await page.locator('main .loading').waitFor({ state: 'detached' });
  return page.locator('main h1').innerText();
}

/** Signs in on the landing's form and lands on the dashboard. */
async function signIn(page: Page, email: string) {
  await page.goto('/advertiser');
  await signInAsAdvertiser(page, email, PASSWORD);
  await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
}

describe('the advertiser console at 1366×900', () => {
  it('lands on the dashboard after sign-in, beside the side navigation, with alerts that lead to their fix', async () => {
    const { page } = browser;
    const { email, titles, ids } = await theAccount();
    await page.goto('/advertiser');
    // Signed out, the landing: the site's header, no console.
    expect(await page.locator('.console').count()).toBe(0);
    await signIn(page, email);
    expect(new URL(page.url()).pathname).toBe('/advertiser');
    expect(await sideNav(page).isVisible()).toBe(true);
    expect(await menuButton(page).count()).toBe(0);
    expect(
      await sideNav(page).getByRole('link', { name: 'ダッシュボード' }).getAttribute('aria-current'),
    ).toBe('page');
    // SPEC §2's menu is the navigation: new ad, manage ads, view invoices (a card is on file); logout in the bar.
    for (const name of ['新しい広告を作成', '広告を管理', 'レポート', 'ご利用金額と請求書', 'アカウント'])
      expect(await sideNav(page).getByRole('link', { name }).count(), name).toBe(1);
    expect(await sideNav(page).getByRole('button', { name: '請求書を見る' }).count()).toBe(1);
    expect(await page.locator('header').getByRole('button', { name: 'ログアウト' }).count()).toBe(1);
    expect(await page.locator('header').innerText()).toContain(email);
    // No member chrome: the console's own top bar and the advertiser footer.
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.locator('footer[data-footer="advertiser"]').count()).toBe(1);

    // Every alert, then the figures of the last 7 days (today included).
    await heading(page);
    const alerts = page.getByTestId('dashboard-alerts');
    await expect.poll(() => alerts.getByRole('listitem').count()).toBe(4);
    expect(await paymentBanner(page).innerText()).toContain('363円（税込）');
    expect(await alertFor(page, titles.near).innerText()).toContain('9 / 10件');
    expect(await figure(page, 'dashboard-deliveries')).toContain('9件');
    expect(await figure(page, 'dashboard-spend')).toContain('297円');
    const row = page.getByRole('region', { name: '広告ごとの状況の表' }).getByRole('row').filter({
      hasText: titles.near,
    });
    expect(await row.innerText()).toContain('9 / 10件');
    await expectAccessible(page);
    await screenshot(page, 'console-advertiser-dashboard-1366');

    // The range: 今日 and 先月 change the address and the figures; any two days too.
    await page.getByRole('link', { name: '今日', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'today');
    await expect.poll(() => figure(page, 'dashboard-deliveries')).toContain('6件');
    expect(await figure(page, 'dashboard-spend')).toContain('198円');
    expect(await page.getByRole('link', { name: '今日', exact: true }).getAttribute('aria-current')).toBe(
      'true',
    );
    await page.getByRole('link', { name: '先月', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'last-month');
    const lastMonth = await (await page.request.get('/api/advertiser/dashboard?range=last-month')).json();
    await expect
      .poll(() => figure(page, 'dashboard-deliveries'))
      .toContain(`${lastMonth.totals.deliveries}件`);
    const today = japanIsoDate(new Date());
    await page.getByLabel('開始日').fill(addDays(today, -3));
    await page.getByLabel('終了日').fill(addDays(today, -3));
    await page.getByRole('button', { name: 'この期間で表示' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === addDays(today, -3));
    await expect.poll(() => figure(page, 'dashboard-deliveries')).toContain('3件');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('range') === 'last-month');

    // Each alert leads to the page that fixes it.
    await page.goto('/advertiser');
    await alertFor(page, titles.near).getByRole('link', { name: '上限を変更する' }).click();
    await page.waitForURL(`**/advertiser/ads-status#ad-${ids.near}`);
    const card = advertiserAdCard(page, titles.near);
    await expect.poll(() => card.isVisible()).toBe(true);
    // Delivering, its raise is in the row's menu (its one button pauses it).
    await card.getByRole('button', { name: /のその他の操作$/ }).click();
    expect(await page.getByRole('button', { name: '上限を変更', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.goBack();
    await alertFor(page, titles.rejected).getByRole('link', { name: '修正して再申請' }).click();
    await page.waitForURL(`**/advertiser/edit-ad/${ids.rejected}`);
    await page.goBack();
    await alertFor(page, titles.ending).getByRole('link', { name: '広告を確認する' }).click();
    await page.waitForURL(`**/advertiser/ads-status#ad-${ids.ending}`);
    await page.goBack();
    await paymentBanner(page).getByRole('link', { name: 'カードを更新する' }).click();
    await page.waitForURL('**/advertiser/card-setup');
    await page.goBack();
    await alertFor(page, '審査中の広告が1件').getByRole('link', { name: '広告を管理' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser/ads-status');
  });

  it('draws every console page in the width, reachable from the side navigation, and signs out to the landing', async () => {
    const { page } = browser;
    const { email, ids } = await theAccount();
    await signIn(page, email);
    const pages: [link: string, path: string, title: string][] = [
      ['レポート', '/advertiser/reports', 'レポート'],
      ['広告を管理', '/advertiser/ads-status', '広告の管理'],
      ['新しい広告を作成', '/advertiser/create-ad', '広告の作成'],
      ['ご利用金額と請求書', '/advertiser/billing', 'ご利用金額と請求書'],
      ['アカウント', '/advertiser/account', 'アカウント'],
      ['ダッシュボード', '/advertiser', 'ダッシュボード'],
    ];
    for (const [link, path, title] of pages) {
      await sideNav(page).getByRole('link', { name: link }).click();
      await page.waitForURL((url) => url.pathname === path);
      expect(await heading(page, title), path).toBe(title);
      expect(await sideNav(page).getByRole('link', { name: link }).getAttribute('aria-current'), path).toBe(
        'page',
      );
      await expectAccessible(page);
      await screenshot(
        page,
        `console-advertiser${path.replaceAll('/', '-').replace('-advertiser', '') || '-dashboard'}-1366`,
      );
    }
    for (const path of [
      '/advertiser/card-setup',
      `/advertiser/ads/${ids.near}/report`,
      `/advertiser/edit-ad/${ids.rejected}`,
    ]) {
      await page.goto(path);
      await heading(page);
      expect(await page.locator('.site-header').count(), path).toBe(0);
      await expectAccessible(page);
      await screenshot(
        page,
        `console-advertiser${path.replace('/advertiser', '').replaceAll('/', '-').slice(0, 40)}-1366`,
      );
    }
    // The report's range carries over from the reports page.
    await page.goto('/advertiser/reports?range=today');
    const today = japanIsoDate(new Date());
    await page.getByRole('region', { name: '広告別の集計の表' }).getByRole('link').first().click();
    await page.waitForURL(
      (url) => url.pathname.endsWith('/report') && url.searchParams.get('from') === today,
    );
    expect(await sideNav(page).getByRole('link', { name: 'レポート' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await page.locator('header').getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser');
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    expect(await page.locator('.console').count()).toBe(0);
  });
});

describe('the advertiser console at 390×844', () => {
  it('keeps the same navigation behind the menu button: focus, Escape, a new page closes it', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    const { email } = await theAccount();
    await signIn(page, email);
    await heading(page);
    expect(await sideNav(page).isVisible()).toBe(false);
    const button = menuButton(page);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page);
    await screenshot(page, 'console-advertiser-dashboard-390');

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await sideNav(page).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('ダッシュボード');
    // On a phone the account and logout are in the menu.
    expect(await sideNav(page).getByRole('button', { name: 'ログアウト' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'console-advertiser-menu-390');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await sideNav(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('メニュー');

    await button.click();
    await page.getByRole('button', { name: 'メニューを閉じる' }).click({ position: { x: 370, y: 400 } });
    expect(await sideNav(page).isVisible()).toBe(false);
    await button.click();
    await sideNav(page).getByRole('link', { name: 'レポート' }).click();
    await page.waitForURL((url) => url.pathname === '/advertiser/reports');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await heading(page, 'レポート')).toBe('レポート');
    await expectAccessible(page);
    await screenshot(page, 'console-advertiser-reports-390');
    await page.goto('/advertiser/account');
    await heading(page);
    await expectAccessible(page);
    await screenshot(page, 'console-advertiser-account-390');
  });
});

describe('the operator console', () => {
  const adminPages = [
    '/admin',
    '/admin/review',
    '/admin/gifts',
    '/admin/gift-codes',
    '/admin/create-quiz',
    '/admin/notices',
    '/admin/users',
    '/admin/advertisers',
    '/admin/billing',
    '/admin/cloudworks',
    '/admin/numbers',
    '/admin/settings',
  ];
  const adminNav = (page: Page) => page.getByRole('navigation', { name: '管理メニュー' });

  it('has its own bar, side navigation and footer on every page at 1366×900, never the member’s', async () => {
    const { page } = browser;
    await signInAsAdmin(page);
    for (const path of adminPages) {
      await page.goto(path);
      await heading(page);
      expect(await adminNav(page).isVisible(), path).toBe(true);
      expect(await page.locator('.site-header').count(), path).toBe(0);
      expect(await page.locator('footer[data-footer="admin"]').count(), path).toBe(1);
      expect(await page.locator('footer[data-footer="user"]').count(), path).toBe(0);
      await expectAccessible(page);
      await screenshot(
        page,
        `console-admin${path.replace('/admin', '').replaceAll('/', '-') || '-hub'}-1366`,
      );
    }
    await adminNav(page).getByRole('link', { name: '設定' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/settings');
    expect(await adminNav(page).getByRole('link', { name: '設定' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The house ads are the advertiser console's, with a way back.
    await adminNav(page).getByRole('link', { name: 'ハウス広告の管理' }).click();
    await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
    await sideNav(page).getByRole('link', { name: '管理画面へ戻る' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  it('keeps the navigation behind the menu button on a phone', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await page.goto('/admin');
    await heading(page);
    expect(await adminNav(page).isVisible()).toBe(false);
    await screenshot(page, 'console-admin-hub-390');
    await menuButton(page).click();
    expect(await adminNav(page).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'console-admin-menu-390');
    await adminNav(page).getByRole('link', { name: '数値' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/numbers');
    expect(await adminNav(page).isVisible()).toBe(false);
  });
});
