import { messages } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInWithGoogle } from './support/users.ts';

// This server runs on PostgreSQL, so the test can put ads in place the way an approved
// advertiser's ads would be.
const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

/** The ad list's card of the ad with this title. */
const adCard = (page: Page, title: string) => page.locator('.ad-card').filter({ hasText: title });

const noBands = { '10s': false, '20s': false, '30s': false, '40s': false, '50s': false, '60s': false };

async function insertAd(
  title: string,
  values: { reward: number; cap?: number; ages?: Partial<typeof noBands>; prefectures?: string[] },
) {
  const { rows } = await postgres.db.query(
    `insert into ads (ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price,
       max_deliveries, status, is_active, target_age_range, target_prefectures)
     values ('E2E社', $1, $2, '質問', '["a","b"]', $3, 40, $4, 'approved', true, $5, $6) returning id`,
    [
      `${browser.baseUrl}/sample-ads/midori-bank`,
      title,
      values.reward,
      values.cap ?? 100,
      { ...noBands, ...values.ages },
      values.prefectures ?? [],
    ],
  );
  await postgres.db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 1)', [
    rows[0].id,
  ]);
  return rows[0].id as string;
}

describe('ads that stop or are aimed at others', () => {
  it('refuses the next user once the cap is reached, and the ad leaves their list', async () => {
    const title = `上限1件の広告 ${unique()}`;
    await insertAd(title, { reward: 90, cap: 1 });
    const { page, context } = browser;

    const laterContext = await context.browser()!.newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
    const later = await laterContext.newPage();
    await signInWithGoogle(later, `second-${unique()}@example.com`);
    await completeSignup(later);
    await adCard(later, title).waitFor();

    await signInWithGoogle(page, `first-${unique()}@example.com`);
    await completeSignup(page);
    const popup = context.waitForEvent('page');
    await adCard(page, title).getByRole('button', { name: '広告を見る' }).click();
    await (await popup).close();
    await adCard(page, title).getByRole('timer').waitFor();

    const refusedTab = laterContext.waitForEvent('page');
    await adCard(later, title).getByRole('button', { name: '広告を見る' }).click();
    // The ad leaves the list (SPEC §4), and what stands at the top of the list says which and why.
    await expect
      .poll(() => later.getByRole('alert').innerText())
      .toBe(`${title}\n\n${messages.adCapReached}`);
    expect(await adCard(later, title).count()).toBe(0);
    await screenshot(later, 'ad-refused-on-its-card');
    // The tab opened for the click is closed again.
    const tab = await refusedTab;
    await expect.poll(() => tab.isClosed()).toBe(true);
    await laterContext.close();
  });

  it('says on the quiz page that the delivery ended when the advertiser ended it during the wait', async () => {
    const title = `途中で終わる広告 ${unique()}`;
    const adId = await insertAd(title, { reward: 70 });
    const { page, context } = browser;
    await signInWithGoogle(page, `ended-${unique()}@example.com`);
    await completeSignup(page);
    const popup = context.waitForEvent('page');
    await adCard(page, title).getByRole('button', { name: '広告を見る' }).click();
    await (await popup).close();
    const start = adCard(page, title).getByRole('link', { name: 'クイズに挑戦する' });
    await start.waitFor({ timeout: 6000 });
    await postgres.db.query('update ads set is_active = false where id = $1', [adId]);
    await start.click();
    await page.waitForURL('**/quiz/**');
    await expect.poll(() => page.getByRole('status').filter({ hasText: messages.adEnded }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '回答する' }).count()).toBe(0);
  });

  it('hides an ad from a user outside its age bands and shows one aimed at theirs', async () => {
    const teens = `10代向け ${unique()}`;
    const thirties = `30代向け ${unique()}`;
    await insertAd(teens, { reward: 80, ages: { '10s': true } });
    await insertAd(thirties, { reward: 80, ages: { '30s': true } });
    const { page } = browser;
    // Born 1 April 1990: in their thirties in 2026.
    await signInWithGoogle(page, `aged-${unique()}@example.com`);
    await completeSignup(page);
    await page.locator('.ad-list').waitFor();
    expect(await adCard(page, thirties).count()).toBe(1);
    expect(await adCard(page, teens).count()).toBe(0);
  });

  it('shows an ad aimed at a prefecture to a member living there, and not to one elsewhere', async () => {
    const title = `鳥取県の方へ ${unique()}`;
    const forEveryone = `全国の方へ ${unique()}`;
    await insertAd(title, { reward: 85, prefectures: ['鳥取県'] });
    await insertAd(forEveryone, { reward: 84 });
    const { page, context } = browser;

    // Zip code 680-0001 is in 鳥取市, 鳥取県: the profile stores the prefecture the lookup gives.
    await signInWithGoogle(page, `tottori-${unique()}@example.com`);
    await completeSignup(page, { zipCode: '6800001' });
    await adCard(page, title).waitFor();

    const elsewhereContext = await context
      .browser()!
      .newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
    const elsewhere = await elsewhereContext.newPage();
    await signInWithGoogle(elsewhere, `tokyo-${unique()}@example.com`);
    await completeSignup(elsewhere, { zipCode: '1000001' });
    // The list has loaded (the ad for everyone is there), without the ad aimed at 鳥取県.
    await adCard(elsewhere, forEveryone).waitFor();
    expect(await adCard(elsewhere, title).count()).toBe(0);
    await elsewhereContext.close();
  });
});
