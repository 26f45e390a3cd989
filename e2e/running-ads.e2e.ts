import { japanIsoDate, messages, noTargeting, runningAdMessages } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { signInAsAdmin } from './support/users.ts';

const browser = useBrowser({ baseUrl: inject('postgresBaseUrl') });
const postgres = usePostgres();
const unique = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = 'e2e-password-1234';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The Japan-time day `days` from today (negative: before). */
const dayFromToday = (days: number) => japanIsoDate(new Date(Date.now() + days * DAY_MS));
const slashed = (date: string) => date.replaceAll('-', '/');

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const alert = (page: Page) => page.getByRole('alert');
const adCard = (page: Page, title: string) => page.getByTestId('advertiser-ad').filter({ hasText: title });

/** The newest link mailed to this address by the capturing mailer (GET /api/dev/mail). */
async function mailedLink(page: Page, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/mail');
      const { mail } = (await response.json()) as { mail: { to: string; subject: string; text: string }[] };
      const found = mail.find((m) => m.to === to && m.subject.includes('メールアドレス確認'));
      link = found ? /https?:\/\/\S+/.exec(found.text)?.[0] : undefined;
      return link;
    })
    .toBeDefined();
  return link!;
}

/** Signs up on the advertiser landing, confirms by the mailed link, and has a card on file. */
async function newAdvertiser(page: Page) {
  const email = `run-${unique()}@example.com`;
  await page.goto('/advertiser');
  await page.getByLabel('会社名または表示名').fill('E2E運用株式会社');
  await page.locator('#advertiser-signup-email').fill(email);
  await page.getByLabel(/^パスワード（8文字以上）/).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /広告主利用規約/ }).check();
  await page.getByRole('button', { name: '登録して確認メールを受け取る' }).click();
  await status(page, messages.verificationMailSent).waitFor();
  await page.goto(await mailedLink(page, email));
  await status(page, messages.emailVerified).waitFor();
  // The card's own journey is advertiser.e2e.ts's; here it is simply on file.
  await postgres.db.query('update users set card_registered = true where email = $1', [email]);
  return email;
}

/**
 * Submits an ad through the API the form uses (the form itself is walked in the first journey);
 * `extra` adds to or replaces the body's fields (profile targeting, the window).
 */
async function submitAd(page: Page, adTitle: string, extra: Record<string, unknown> = {}): Promise<string> {
  const result = await page.evaluate(
    async ({ title, targeting }) => {
      const response = await fetch('/api/advertiser/ads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          adTitle: title,
          adProvider: 'E2E運用',
          adUrl: 'https://example.com/e2e-running',
          quizQuestion: '広告の色は？',
          quizOptions: ['赤', '青'],
          correctOptionIndex: 2,
          maxDeliveries: 50,
          ...targeting,
        }),
      });
      return { status: response.status, body: (await response.json()) as { ad: { id: string } } };
    },
    { title: adTitle, targeting: { ...noTargeting, ...extra } },
  );
  expect(result.status).toBe(201);
  return result.body.ad.id;
}

const approve = (adId: string) =>
  postgres.db.query(`update ads set status = 'approved', is_active = true where id = $1`, [adId]);

describe('running ads', () => {
  it('writes an ad with a delivery window and a live preview, keeps it as a draft, edits it and submits it', async () => {
    const { page } = browser;
    await newAdvertiser(page);
    await page.goto('/advertiser/create-ad');
    const preview = page.getByTestId('ad-preview');
    await preview.waitFor();

    const title = `期間つき広告 ${unique()}`;
    await page.getByLabel('広告タイトル').fill(title);
    await page.getByLabel('広告主名（表示名）').fill('E2E運用');
    await page.getByLabel('広告ページのURL').fill(`${browser.baseUrl}/sample-ads/harema-coffee`);
    await page.getByLabel('クイズの問題文').fill('新しいブレンドの名前は？');
    await page.getByPlaceholder('選択肢1').fill('朝焼け');
    await page.getByPlaceholder('選択肢2').fill('夕凪');
    await page.getByRole('radio', { name: /正解\s*（選択肢2）/ }).check();

    // The preview follows the form: the member's card and quiz, with the page to open.
    await expect.poll(() => preview.innerText()).toContain(title);
    const previewText = await preview.innerText();
    expect(previewText).toContain('E2E運用');
    expect(previewText).toContain('新しいブレンドの名前は？');
    expect(previewText).toContain('夕凪');
    expect(previewText).toMatch(/正解で \d+ Pt/);
    const pageLink = preview.getByRole('link', { name: /sample-ads\/harema-coffee/ });
    expect(await pageLink.getAttribute('target')).toBe('_blank');
    expect(await pageLink.getAttribute('rel')).toBe('noopener noreferrer');
    await preview.getByRole('radio', { name: '夕凪' }).check();
    expect(await preview.getByRole('button', { name: '回答する' }).isDisabled()).toBe(true);

    // The window: a start already past, then an end before the start, are refused in Japanese.
    const submit = page.getByRole('button', { name: '審査に申し込む' });
    await page.getByLabel('配信開始日').fill(dayFromToday(-1));
    await submit.click();
    expect(await alert(page).innerText()).toBe(runningAdMessages.startInPast);
    expect(await page.getByLabel('配信開始日').getAttribute('aria-invalid')).toBe('true');
    const [start, end] = [dayFromToday(3), dayFromToday(33)];
    await page.getByLabel('配信開始日').fill(start);
    await page.getByLabel('配信終了日').fill(dayFromToday(2));
    await page.getByRole('button', { name: '下書き保存' }).click();
    expect(await alert(page).innerText()).toBe(runningAdMessages.endBeforeStart);
    await page.getByLabel('配信終了日').fill(end);
    await expectAccessible(page);
    await screenshot(page, 'running-ads-create-with-preview');

    await page.getByRole('button', { name: '下書き保存' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    await status(page, runningAdMessages.draftSaved).waitFor();
    const card = adCard(page, title);
    expect(await card.innerText()).toContain('下書き');
    expect(await card.innerText()).toContain(`配信期間 ${slashed(start)}〜${slashed(end)}`);
    const { rows: saved } = await postgres.db.query(
      'select status, starts_at, ends_at from ads where ad_title = $1',
      [title],
    );
    expect(saved).toEqual([
      {
        status: 'draft',
        starts_at: new Date(`${start}T00:00:00+09:00`),
        ends_at: new Date(new Date(`${end}T00:00:00+09:00`).getTime() + DAY_MS),
      },
    ]);
    await expectAccessible(page);
    await screenshot(page, 'running-ads-status-draft');

    // The draft reopens as it was saved; edited, it is kept again.
    await card.getByRole('link', { name: '編集' }).click();
    await page.waitForURL('**/advertiser/edit-ad/**');
    await page.getByLabel('広告タイトル').waitFor();
    expect(await page.getByLabel('広告タイトル').inputValue()).toBe(title);
    expect(await page.getByLabel('配信終了日').inputValue()).toBe(end);
    const edited = `${title} 改`;
    await page.getByLabel('広告タイトル').fill(edited);
    await expectAccessible(page);
    await page.getByRole('button', { name: '下書き保存' }).click();
    await status(page, runningAdMessages.draftSaved).waitFor();

    // Nothing goes to review until it is submitted; then it is pending, once.
    await adCard(page, edited).getByRole('button', { name: '審査に提出' }).click();
    await status(page, messages.adSubmitted).waitFor();
    await expect.poll(() => adCard(page, edited).innerText()).toContain('審査中');
    expect(await adCard(page, edited).getByRole('button', { name: '審査に提出' }).count()).toBe(0);
    const { rows: submitted } = await postgres.db.query('select status from ads where ad_title = $1', [
      edited,
    ]);
    expect(submitted).toEqual([{ status: 'pending' }]);
  });

  it('pauses an approved ad after confirming and resumes it, keeping its limit, and shows its window', async () => {
    const { page } = browser;
    await newAdvertiser(page);
    const title = `一時停止する広告 ${unique()}`;
    const adId = await submitAd(page, title);
    await approve(adId);
    await page.goto('/advertiser/ads-status');
    const card = adCard(page, title);
    await expect.poll(() => card.innerText()).toContain('配信中');

    await card.getByRole('button', { name: '一時停止', exact: true }).click();
    expect(await card.getByRole('group').innerText()).toContain(runningAdMessages.pauseConfirm);
    await expectAccessible(page);
    await card.getByRole('button', { name: 'キャンセル' }).click();
    const { rows: untouched } = await postgres.db.query('select holds from ads where id = $1', [adId]);
    expect(untouched).toEqual([{ holds: [] }]);

    await card.getByRole('button', { name: '一時停止', exact: true }).click();
    await card.getByRole('button', { name: '一時停止する' }).click();
    await status(page, runningAdMessages.paused).waitFor();
    await expect.poll(() => card.innerText()).toContain('一時停止中');
    expect(await card.innerText()).toContain('配信数 0 / 50件');
    const { rows: paused } = await postgres.db.query(
      'select holds, is_active, max_deliveries from ads where id = $1',
      [adId],
    );
    expect(paused).toEqual([{ holds: ['paused'], is_active: true, max_deliveries: 50 }]);
    await expectAccessible(page);
    await screenshot(page, 'running-ads-paused');

    await card.getByRole('button', { name: '再開する' }).click();
    await status(page, runningAdMessages.resumed).waitFor();
    await expect.poll(() => card.innerText()).toContain('配信中');
    const { rows: resumed } = await postgres.db.query('select holds, max_deliveries from ads where id = $1', [
      adId,
    ]);
    expect(resumed).toEqual([{ holds: [], max_deliveries: 50 }]);

    // The window, as the status page tells it: not started yet, then over.
    const startsAt = new Date(`${dayFromToday(5)}T00:00:00+09:00`);
    await postgres.db.query('update ads set starts_at = $2 where id = $1', [adId, startsAt]);
    await page.reload();
    await expect.poll(() => adCard(page, title).innerText()).toContain('配信開始前');
    expect(await adCard(page, title).innerText()).toContain(`配信期間 ${slashed(dayFromToday(5))}〜`);
    await postgres.db.query('update ads set starts_at = $2, ends_at = $3 where id = $1', [
      adId,
      new Date(`${dayFromToday(-10)}T00:00:00+09:00`),
      new Date(`${dayFromToday(-1)}T00:00:00+09:00`),
    ]);
    await page.reload();
    await expect.poll(() => adCard(page, title).innerText()).toContain('配信期間終了');
    expect(await adCard(page, title).innerText()).toContain(
      `配信期間 ${slashed(dayFromToday(-10))}〜${slashed(dayFromToday(-2))}`,
    );
  });

  it('duplicates an ad into a new draft with its content, never its review or deliveries', async () => {
    const { page } = browser;
    await newAdvertiser(page);
    const title = `複製元の広告 ${unique()}`;
    const adId = await submitAd(page, title);
    await approve(adId);
    await postgres.db.query(`update ads set holds = '{paused}' where id = $1`, [adId]);
    await page.goto('/advertiser/ads-status');
    await adCard(page, title).waitFor();
    await adCard(page, title).getByRole('button', { name: '複製', exact: true }).click();
    await status(page, runningAdMessages.duplicated).waitFor();
    await expect.poll(() => adCard(page, title).count()).toBe(2);
    const copy = adCard(page, title).filter({ has: page.getByText('下書き', { exact: true }) });
    expect(await copy.innerText()).toContain('配信数 0 / 50件');
    expect(await copy.innerText()).not.toContain('一時停止中');
    await expectAccessible(page);
    const { rows } = await postgres.db.query(
      `select a.status, a.holds, a.ad_url, q.correct_option_index from ads a
       join quiz_answers q on q.ad_id = a.id where a.ad_title = $1 order by a.created_at`,
      [title],
    );
    expect(rows).toEqual([
      {
        status: 'approved',
        holds: ['paused'],
        ad_url: 'https://example.com/e2e-running',
        correct_option_index: 2,
      },
      { status: 'draft', holds: [], ad_url: 'https://example.com/e2e-running', correct_option_index: 2 },
    ]);
    // The copy opens in the form, ready to submit.
    await copy.getByRole('link', { name: '編集' }).click();
    await page.getByLabel('広告タイトル').waitFor();
    expect(await page.getByLabel('広告タイトル').inputValue()).toBe(title);
    await page.getByRole('button', { name: '審査に提出する' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    await status(page, messages.adSubmitted).waitFor();
  });

  it('shows the admin the ad card and quiz as members will see them, with the landing page to open, its targeting and its window', async () => {
    const { page, context } = browser;
    const advertiserPage = await context.browser()!.newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
    const advertiser = await advertiserPage.newPage();
    await newAdvertiser(advertiser);
    const title = `審査でプレビュー ${unique()}`;
    const [startDate, endDate] = [dayFromToday(3), dayFromToday(33)];
    await submitAd(advertiser, title, {
      targetPrefectures: ['鳥取県'],
      targetChildren: ['with'],
      startDate,
      endDate,
    });
    await advertiserPage.close();

    await signInAsAdmin(page);
    await page.getByRole('link', { name: /広告審査/ }).click();
    const card = page.getByTestId('pending-ad').filter({ hasText: title });
    await card.waitFor();
    const preview = card.getByTestId('ad-preview');
    const text = await preview.innerText();
    expect(text).toContain('広告一覧');
    expect(text).toContain('クイズ画面');
    expect(text).toContain('広告の色は？');
    expect(text).toMatch(/正解で \d+ Pt/);
    const landing = preview.getByRole('link', { name: /example\.com\/e2e-running/ });
    expect(await landing.getAttribute('href')).toBe('https://example.com/e2e-running');
    expect(await landing.getAttribute('target')).toBe('_blank');
    expect(await landing.getAttribute('rel')).toBe('noopener noreferrer');
    // Everything the ad will be delivered with, in the words and Japan-time days the advertiser sees.
    expect(await card.getByTestId('pending-ad-targeting').innerText()).toBe(
      '配信対象 性別：指定なし ／ 年代：指定なし ／ 都道府県：鳥取県 ／ 子どもの有無：子どもあり',
    );
    expect(await card.getByTestId('pending-ad-window').innerText()).toBe(
      `配信期間 ${slashed(startDate)}〜${slashed(endDate)}（日本時間）`,
    );
    await expectAccessible(page);
    await screenshot(page, 'running-ads-admin-review-preview');
  });
});
