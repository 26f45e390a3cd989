import { formatNumber, formatYen, messages, type PricingView, roundReach } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advertiserAdCard, fillAdForm, newAdvertiser } from './support/advertisers.ts';
import { expectAccessible, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';

// The PostgreSQL server: the test puts members in place, and reads what the form stored.
const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** Members living in 鳥取県 working as 公務員 (signup completed, in their forties), straight in the database. */
async function insertMembers(howMany: number) {
  const batch = unique();
  await postgres.db.query(
    `insert into users (id, email, email_hash, birth_date, signup_completed_at, prefecture, occupation)
     select 'reach-' || $1 || '-' || i, 'reach-' || $1 || '-' || i || '@example.com', 'hash-reach-' || $1 || '-' || i,
            '1985-04-01', now(), '鳥取県', '公務員'
     from generate_series(1, $2::integer) i`,
    [batch, howMany],
  );
}

/** How the form should word the estimate for this many members (the server's own rounding). */
function estimateText(members: number) {
  const estimate = roundReach(members);
  return estimate.kind === 'fewer'
    ? `${formatNumber(estimate.than)}人未満`
    : `約${formatNumber(estimate.members)}人`;
}

/** The members an ad aimed at these prefectures and occupations reaches, by the delivery's own SQL rule. */
async function membersMatching(prefectures: string[], occupations: string[]) {
  const { rows } = await postgres.db.query<{ n: number }>(
    `select count(*)::integer as n from users u
     where qp_is_member(u, now()) and not u.banned
       and qp_profile_targets($1::text[], $2::text[], '{}', '{}', '{}', u)`,
    [prefectures, occupations],
  );
  return rows[0]!.n;
}

describe('profile targeting in the ad form', () => {
  it('aims an ad by prefecture and occupation, one fee per dimension, with the reach estimate', async () => {
    const { page } = browser;
    await insertMembers(130);
    const email = `targeting-${unique()}@example.com`;
    await newAdvertiser(page, email, { db: postgres.db });
    await page.goto('/advertiser/create-ad');
    const pricing = (await (await page.request.get('/api/advertiser/pricing')).json()) as PricingView;
    const base = pricing.userReward + pricing.baseFee;
    const fee = pricing.extraTargetingFee;
    const perDelivery = page.getByTestId('price-per-delivery');
    const dimensions = page.getByTestId('price-dimensions');
    const estimate = page.getByTestId('reach-estimate');

    await expect.poll(() => perDelivery.innerText()).toBe(formatYen(base));
    expect(await dimensions.innerText()).toBe('0項目');
    await expect.poll(() => estimate.innerText()).toMatch(/^対象会員数の目安: (約[\d,]+人|100人未満)$/);

    // Profile targeting folds away until opened; the prefectures are folded by region, and a region's
    // box ticks and clears all of it.
    await page.getByRole('button', { name: /プロフィールで絞り込む（任意）/ }).click();
    await page.getByText('都道府県で絞り込む（任意）').click();
    await box(page, '中国すべて').check();
    for (const prefecture of ['鳥取県', '島根県', '岡山県', '広島県', '山口県']) {
      expect(await box(page, prefecture).isChecked()).toBe(true);
    }
    await expect.poll(() => perDelivery.innerText()).toBe(formatYen(base + fee));
    await box(page, '中国すべて').uncheck();
    expect(await box(page, '鳥取県').isChecked()).toBe(false);
    await expect.poll(() => perDelivery.innerText()).toBe(formatYen(base));

    await box(page, '鳥取県').check();
    await expect.poll(() => perDelivery.innerText()).toBe(formatYen(base + fee));
    expect(await dimensions.innerText()).toBe('1項目');
    expect(await page.getByText('1件選択中').count()).toBe(1);
    // Partly chosen, the region's box reads as mixed.
    expect(await box(page, '中国すべて').evaluate((input) => (input as HTMLInputElement).indeterminate)).toBe(
      true,
    );

    await box(page, '公務員').check();
    await expect.poll(() => perDelivery.innerText()).toBe(formatYen(base + 2 * fee));
    expect(await dimensions.innerText()).toBe('2項目');
    // A second occupation is the same dimension: no further fee.
    await box(page, '会社役員').check();
    await expect.poll(() => dimensions.innerText()).toBe('2項目');
    expect(await perDelivery.innerText()).toBe(formatYen(base + 2 * fee));

    const expected = estimateText(await membersMatching(['鳥取県'], ['会社役員', '公務員']));
    expect(expected).not.toBe('100人未満');
    await expect.poll(() => estimate.innerText()).toBe(`対象会員数の目安: ${expected}`);
    // Aimed at 沖縄県 and 会社役員 only, no member of this test matches: a small group is never counted out.
    await box(page, '公務員').uncheck();
    await box(page, '鳥取県').uncheck();
    await box(page, '沖縄県').check();
    await expect
      .poll(() => estimate.innerText())
      .toBe(`対象会員数の目安: ${estimateText(await membersMatching(['沖縄県'], ['会社役員']))}`);
    await box(page, '沖縄県').uncheck();
    await box(page, '鳥取県').check();
    await box(page, '公務員').check();
    await expect.poll(() => estimate.innerText()).toBe(`対象会員数の目安: ${expected}`);
    await expectAccessible(page);
    await screenshot(page, 'advertiser-create-ad-profile-targeting');

    const title = `鳥取の公務員向け ${unique()}`;
    await fillAdForm(page, { title, url: `${browser.baseUrl}/sample-ads/harema-coffee` });
    await page.getByRole('button', { name: '審査に申し込む' }).click();
    await page.getByRole('button', { name: 'この内容で申し込む' }).click();

    await page.waitForURL('**/advertiser/ads-status');
    await statusMessage(page, messages.adSubmitted).waitFor();
    const card = advertiserAdCard(page, title);
    expect(await card.innerText()).toContain('都道府県：鳥取県 ／ 職業：会社役員・公務員');
    expect(await card.innerText()).toContain(`単価 ${formatYen(base + 2 * fee)}`);
    await expectAccessible(page);
    await screenshot(page, 'advertiser-ads-status-profile-targeting');
    const { rows } = await postgres.db.query(
      `select unit_price, target_prefectures, target_occupations, target_incomes from ads where ad_title = $1`,
      [title],
    );
    expect(rows).toEqual([
      {
        unit_price: base + 2 * fee,
        target_prefectures: ['鳥取県'],
        target_occupations: ['会社役員', '公務員'],
        target_incomes: [],
      },
    ]);
  });
});
