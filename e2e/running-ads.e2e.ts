import { japanIsoDate, messages, runningAdMessages } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advertiserAdCard, approveAd, fillAdForm, newAdvertiser, submitAd } from './support/advertisers.ts';
import { expectAccessible, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { findPendingAd, signInAsAdmin } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();
const DAY_MS = 24 * 60 * 60 * 1000;
/** The Japan-time day `days` from today (negative: before). */
const dayFromToday = (days: number) => japanIsoDate(new Date(Date.now() + days * DAY_MS));
const slashed = (date: string) => date.replaceAll('-', '/');

const alert = (page: Page) => page.getByRole('alert');

/** Signs up on the advertiser landing, confirms by the mailed link, and has a card on file. */
async function newRunningAdvertiser(page: Page) {
  const email = `run-${unique()}@example.com`;
  await newAdvertiser(page, email, { name: 'E2E運用株式会社', db: postgres.db });
  return email;
}

/**
 * Submits an ad through the API the form uses (the form itself is walked in the first journey);
 * `extra` adds to or replaces the body's fields (profile targeting, the window).
 */
const submitRunningAd = (page: Page, adTitle: string, extra: Record<string, unknown> = {}) =>
  submitAd(page, adTitle, {
    adProvider: 'E2E運用',
    adUrl: 'https://example.com/e2e-running',
    maxDeliveries: 50,
    ...extra,
  });

describe('running ads', () => {
  it('writes an ad with a delivery window and a live preview, keeps it as a draft, edits it and submits it', async () => {
    const { page } = browser;
    await newRunningAdvertiser(page);
    await page.goto('/advertiser/create-ad');
    const preview = page.getByTestId('ad-preview');
    await preview.waitFor();

    const title = `期間つき広告 ${unique()}`;
    await fillAdForm(page, {
      title,
      provider: 'E2E運用',
      url: `${browser.baseUrl}/sample-ads/harema-coffee`,
      question: '新しいブレンドの名前は？',
      options: ['朝焼け', '夕凪'],
      correct: 2,
    });

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
    // SPEC's summary once; the field says what is wrong with it.
    expect(await alert(page).innerText()).toBe(messages.allFieldsRequired);
    expect(await page.getByText(runningAdMessages.startInPast).count()).toBe(1);
    expect(await page.getByLabel('配信開始日').getAttribute('aria-invalid')).toBe('true');
    const [start, end] = [dayFromToday(3), dayFromToday(33)];
    await page.getByLabel('配信開始日').fill(start);
    await page.getByLabel('配信終了日').fill(dayFromToday(2));
    await page.getByRole('button', { name: '下書き保存' }).click();
    expect(await alert(page).innerText()).toBe(messages.allFieldsRequired);
    expect(await page.getByText(runningAdMessages.endBeforeStart).count()).toBe(1);
    expect(await page.getByText(runningAdMessages.startInPast).count()).toBe(0);
    await page.getByLabel('配信終了日').fill(end);
    await expectAccessible(page);
    await screenshot(page, 'running-ads-create-with-preview');

    await page.getByRole('button', { name: '下書き保存' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    await statusMessage(page, runningAdMessages.draftSaved).waitFor();
    const card = advertiserAdCard(page, title);
    expect(await card.innerText()).toContain('下書き');
    expect(await card.innerText()).toContain(`${slashed(start)}〜${slashed(end)}`);
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

    // The draft reopens as it was saved (its title leads to the form); edited, it is kept again.
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL('**/advertiser/edit-ad/**');
    await page.getByLabel('広告タイトル').waitFor();
    expect(await page.getByLabel('広告タイトル').inputValue()).toBe(title);
    expect(await page.getByLabel('配信終了日').inputValue()).toBe(end);
    const edited = `${title} 改`;
    await page.getByLabel('広告タイトル').fill(edited);
    await expectAccessible(page);
    await page.getByRole('button', { name: '下書き保存' }).click();
    await statusMessage(page, runningAdMessages.draftSaved).waitFor();

    // Nothing goes to review until it is submitted, its price shown first; then it is pending, once.
    await advertiserAdCard(page, edited)
      .getByRole('button', { name: /^審査に提出/ })
      .click();
    const confirm = page.getByRole('dialog', { name: '審査への提出内容の確認' });
    await expect
      .poll(() => confirm.getByTestId('submit-commitment').innerText())
      .toMatch(/1配信あたりの単価\s*30円[\s\S]*配信上限数\s*100件[\s\S]*最大お支払い総額（税込）\s*3,300円/);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: '審査に提出する' }).click();
    await statusMessage(page, messages.adSubmitted).waitFor();
    await expect.poll(() => advertiserAdCard(page, edited).innerText()).toContain('審査中');
    expect(
      await advertiserAdCard(page, edited)
        .getByRole('button', { name: /^審査に提出/ })
        .count(),
    ).toBe(0);
    const { rows: submitted } = await postgres.db.query('select status from ads where ad_title = $1', [
      edited,
    ]);
    expect(submitted).toEqual([{ status: 'pending' }]);
  });

  it('pauses an approved ad after confirming and resumes it, keeping its limit, and shows its window', async () => {
    const { page } = browser;
    await newRunningAdvertiser(page);
    const title = `一時停止する広告 ${unique()}`;
    const adId = await submitRunningAd(page, title);
    await approveAd(postgres.db, adId);
    await page.goto('/advertiser/ads-status');
    const card = advertiserAdCard(page, title);
    await expect.poll(() => card.innerText()).toContain('配信中');

    await card.getByRole('button', { name: /^一時停止（/ }).click();
    const pause = page.getByRole('dialog', { name: '配信の一時停止' });
    expect(await pause.innerText()).toContain(runningAdMessages.pauseConfirm);
    await expectAccessible(page);
    await pause.getByRole('button', { name: 'キャンセル' }).click();
    const { rows: untouched } = await postgres.db.query('select holds from ads where id = $1', [adId]);
    expect(untouched).toEqual([{ holds: [] }]);

    await card.getByRole('button', { name: /^一時停止（/ }).click();
    await pause.getByRole('button', { name: '一時停止する' }).click();
    await statusMessage(page, runningAdMessages.paused).waitFor();
    await expect.poll(() => card.innerText()).toContain('一時停止中');
    expect(await card.getByTestId('ad-deliveries').innerText()).toBe('0 / 50件');
    const { rows: paused } = await postgres.db.query(
      'select holds, is_active, max_deliveries from ads where id = $1',
      [adId],
    );
    expect(paused).toEqual([{ holds: ['paused'], is_active: true, max_deliveries: 50 }]);
    await expectAccessible(page);
    await screenshot(page, 'running-ads-paused');

    // Resuming spends again: what it may cost at most is shown before the second click.
    await card.getByRole('button', { name: /^再開（/ }).click();
    const resume = page.getByRole('dialog', { name: '配信の再開' });
    expect(await resume.getByTestId('resume-commitment').innerText()).toMatch(
      /上限までの残り配信数\s*50件[\s\S]*再開後の最大ご請求額（税込）\s*1,650円/,
    );
    await resume.getByRole('button', { name: '配信を再開する' }).click();
    await statusMessage(page, runningAdMessages.resumed).waitFor();
    await expect.poll(() => card.innerText()).toContain('配信中');
    const { rows: resumed } = await postgres.db.query('select holds, max_deliveries from ads where id = $1', [
      adId,
    ]);
    expect(resumed).toEqual([{ holds: [], max_deliveries: 50 }]);

    // The window, as the status page tells it: not started yet, then over.
    const startsAt = new Date(`${dayFromToday(5)}T00:00:00+09:00`);
    await postgres.db.query('update ads set starts_at = $2 where id = $1', [adId, startsAt]);
    await page.reload();
    await expect.poll(() => advertiserAdCard(page, title).innerText()).toContain('配信開始前');
    expect(await advertiserAdCard(page, title).innerText()).toContain(`${slashed(dayFromToday(5))}〜`);
    await postgres.db.query('update ads set starts_at = $2, ends_at = $3 where id = $1', [
      adId,
      new Date(`${dayFromToday(-10)}T00:00:00+09:00`),
      new Date(`${dayFromToday(-1)}T00:00:00+09:00`),
    ]);
    await page.reload();
    await expect.poll(() => advertiserAdCard(page, title).innerText()).toContain('配信期間終了');
    expect(await advertiserAdCard(page, title).innerText()).toContain(
      `${slashed(dayFromToday(-10))}〜${slashed(dayFromToday(-2))}`,
    );
  });

  it('duplicates an ad into a new draft with its content, never its review or deliveries', async () => {
    const { page } = browser;
    await newRunningAdvertiser(page);
    const title = `複製元の広告 ${unique()}`;
    const adId = await submitRunningAd(page, title);
    await approveAd(postgres.db, adId);
    await postgres.db.query(`update ads set holds = '{paused}' where id = $1`, [adId]);
    await page.goto('/advertiser/ads-status');
    await advertiserAdCard(page, title).waitFor();
    await advertiserAdCard(page, title)
      .getByRole('button', { name: /のその他の操作$/ })
      .click();
    await page.getByRole('button', { name: '複製', exact: true }).click();
    await statusMessage(page, runningAdMessages.duplicated).waitFor();
    await expect.poll(() => advertiserAdCard(page, title).count()).toBe(2);
    const copy = advertiserAdCard(page, title).filter({ has: page.getByText('下書き', { exact: true }) });
    expect(await copy.getByTestId('ad-deliveries').innerText()).toBe('0 / 50件');
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
    // The copy opens in the form (its title leads there), ready to submit.
    await copy.getByRole('link', { name: title }).click();
    await page.getByLabel('広告タイトル').waitFor();
    expect(await page.getByLabel('広告タイトル').inputValue()).toBe(title);
    await page.getByRole('button', { name: '審査に提出する' }).click();
    await page.getByRole('button', { name: 'この内容で提出する' }).click();
    await page.waitForURL('**/advertiser/ads-status');
    await statusMessage(page, messages.adSubmitted).waitFor();
  });

  it('shows the admin the ad card and quiz as members will see them, with the landing page to open, its targeting and its window', async () => {
    const { page, context } = browser;
    const advertiserPage = await context.browser()!.newContext({ baseURL: browser.baseUrl, locale: 'ja-JP' });
    const advertiser = await advertiserPage.newPage();
    await newRunningAdvertiser(advertiser);
    const title = `審査でプレビュー ${unique()}`;
    const [startDate, endDate] = [dayFromToday(3), dayFromToday(33)];
    await submitRunningAd(advertiser, title, {
      targetPrefectures: ['鳥取県'],
      targetChildren: ['with'],
      startDate,
      endDate,
    });
    await advertiserPage.close();

    await signInAsAdmin(page);
    const card = await findPendingAd(page, title);
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
