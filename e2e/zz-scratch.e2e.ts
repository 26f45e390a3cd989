import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { insertDeliveries, newAdvertiser } from './support/advertisers.ts';
import { useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/adstable-shots/${name}.png` });

describe.each([
  { name: 'wide', viewport: { width: 1366, height: 900 }, wide: true },
  { name: 'narrow', viewport: { width: 1366, height: 900 }, wide: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, wide: false },
])('scratch $name', ({ name, viewport, wide }) => {
  const browser = useBrowser({ baseUrl: inject('postgresBaseUrl'), viewport });
  const postgres = usePostgres();
  it('looks', async () => {
    const { page } = browser;
    const email = `scratch-${unique()}@example.com`;
    await newAdvertiser(page, email, { db: postgres.db });
    const widen = async () => {
      if (!wide) return;
      await page.evaluate(() => {
        const main = document.querySelector<HTMLElement>('.app-main');
        if (main) {
          main.style.maxWidth = '1126px';
          main.style.padding = '24px 32px';
        }
      });
    };
    const { rows } = await postgres.db.query<{ id: string }>(
      `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward,
                        base_fee, unit_price, max_deliveries, status, is_active, created_at, holds, starts_at, ends_at, target_gender)
       select u.id, 'ハレマ珈琲', 'https://example.com/e2e',
              (array['春の新ブレンド発売キャンペーン','夏のアイスコーヒー','秋の限定ギフト','冬のホットドリンク特集'])[1 + n % 4] || ' ' || n,
              '色は？', '["赤","青"]'::jsonb, 10, 20, 30 + (n % 3) * 5, 1000 + n * 10,
              (array['approved','approved','approved','pending','draft','rejected'])[1 + n % 6],
              (n % 6) < 3, now() - make_interval(hours => 60 - n),
              case when n % 7 = 0 and (n % 6) < 3 then '{paused}'::text[] else '{}' end,
              case when n % 5 = 0 then now() + interval '3 days' else null end,
              case when n % 5 = 0 then now() + interval '40 days' else null end,
              case when n % 2 = 0 then '{"male": true, "female": false, "other": false}'::jsonb else '{"male": false, "female": false, "other": false}'::jsonb end
       from users u cross join generate_series(1, 57) n where u.email = $1 returning id`,
      [email],
    );
    await postgres.db.query(
      `update ads set rejection_reason = '広告ページにクイズの答えが見当たりません' where status = 'rejected' and id = any($1)`,
      [rows.map((r) => r.id)],
    );
    for (const [i, r] of rows.slice(0, 6).entries()) {
      await insertDeliveries(postgres.db, r.id, {
        at: new Date(),
        count: 2 + i,
        unitPrice: 30,
        idPrefix: `s-${unique()}`,
      });
    }
    await page.goto('/advertiser/ads-status');
    await page.getByTestId('advertiser-ad').first().waitFor();
    await widen();
    await shot(page, `${name}-table`);
    await page
      .getByTestId('advertiser-ad')
      .nth(3)
      .getByRole('button', { name: /のその他の操作$/ })
      .click();
    await page.waitForTimeout(300);
    await shot(page, `${name}-menu`);
    await page.keyboard.press('Escape');
    await page.getByTestId('advertiser-ad').nth(0).getByRole('checkbox').check();
    await page.getByTestId('advertiser-ad').nth(1).getByRole('checkbox').check();
    await shot(page, `${name}-selected`);
    await page.goto('/advertiser/create-ad');
    await page.getByTestId('price-total').waitFor();
    await widen();
    await page.waitForTimeout(300);
    await shot(page, `${name}-create`);
    await page.getByRole('button', { name: '審査に申し込む' }).click();
    await page.waitForTimeout(500);
    await shot(page, `${name}-create-errors`);
    await page.getByRole('checkbox', { name: '男性' }).scrollIntoViewIfNeeded();
    await page.getByRole('checkbox', { name: '男性' }).check();
    await page.waitForTimeout(700);
    await shot(page, `${name}-create-targeting`);
  });
});
