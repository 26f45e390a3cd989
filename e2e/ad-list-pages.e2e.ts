import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInWithGoogle } from './support/users.ts';

// This server runs on PostgreSQL, so the test can put many ads and answers in place at once.
const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

/** Whose ads these are: they stop delivering after the file, so later files' lists are as before. */
const PROVIDER = `E2E送り ${unique()}`;
const ADS = 120;
const ANSWERED = 55;

afterAll(async () => {
  await postgres.db.query('update ads set is_active = false where ad_provider = $1', [PROVIDER]);
});

/** ADS ads with the smallest reward (after everyone else's), and the person's answers to the first ANSWERED. */
async function manyAdsAndAnswers(email: string, tag: string) {
  const { rows: made } = await postgres.db.query<{ id: string }>(
    `insert into ads (ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward, unit_price,
       max_deliveries, status, is_active)
     select $1, $2, $3 || ' ' || lpad(i::text, 3, '0'), '質問', '["a","b"]', 1, 40, 100, 'approved', true
     from generate_series(1, ${ADS}) i
     returning id`,
    [PROVIDER, `${browser.baseUrl}/sample-ads/midori-bank`, tag],
  );
  await postgres.db.query(
    `insert into quiz_responses (user_id, email_hash, ad_id, clicked_at, answered_at, selected_option,
       is_correct, reward_given)
     select u.id, u.email_hash, ad.id, now() - interval '1 hour', now() - ad.n * interval '1 minute', 1, false, true
     from users u, unnest($2::uuid[]) with ordinality as ad(id, n)
     where u.email = $1`,
    [email, made.slice(0, ANSWERED).map((ad) => ad.id)],
  );
}

describe('the ad list a page at a time', () => {
  it('loads more ads, shows answered ones only when asked, and pages them too', async () => {
    const { page } = browser;
    const email = `pages-${unique()}@example.com`;
    const tag = `ページ送り ${unique()}`;
    await signInWithGoogle(page, email);
    await completeSignup(page);
    await manyAdsAndAnswers(email, tag);
    await page.goto('/');

    const list = page.getByRole('region', { name: '広告一覧' });
    const answeredList = page.getByRole('region', { name: '回答済みの広告' });
    const mine = list.locator('.ad-card').filter({ hasText: tag });
    const more = list.getByRole('button', { name: 'もっと見る' });
    await expect.poll(() => list.locator('.ad-card').count()).toBe(50);
    // Load pages until the list ends: every unanswered ad once, none of the answered.
    while (await more.isVisible()) {
      const shown = await list.locator('.ad-card').count();
      await more.click();
      await expect.poll(() => list.locator('.ad-card').count()).toBeGreaterThan(shown);
    }
    await expect.poll(() => mine.count()).toBe(ADS - ANSWERED);
    expect(await mine.getByText('回答済み', { exact: true }).count()).toBe(0);
    expect(await list.getByRole('status').innerText()).toContain('（これ以上の広告はありません）');
    expect(await answeredList.count()).toBe(0);

    await page.getByLabel('回答済みの広告も表示').check();
    const answered = answeredList.locator('.ad-card');
    await expect.poll(() => answered.count()).toBe(50);
    // Newest answer first: the first ad was answered last.
    expect(await answered.first().locator('.ad-card__title').innerText()).toBe(`${tag} 001`);
    expect(await answered.getByText('回答済み', { exact: true }).count()).toBe(50);
    await expectAccessible(page);
    await answeredList.getByRole('button', { name: 'もっと見る' }).click();
    await expect.poll(() => answered.count()).toBe(ANSWERED);
    expect(await answeredList.getByRole('status').innerText()).toBe(
      `${ANSWERED}件を表示しています（これ以上の広告はありません）`,
    );

    await page.getByLabel('回答済みの広告も表示').uncheck();
    expect(await answeredList.count()).toBe(0);
  });
});
