import {
  adReportMessages,
  dayRangeLabel,
  extraTargetingFeeRule,
  feeTargetings,
  messages,
  presetDays,
} from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPersonPage, screenshot, statusMessage, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { ADMIN_EMAIL, completeSignup, signInAsAdmin, signInWithGoogle } from './support/users.ts';
import { DESK_AND_PHONE, useViewport } from './support/viewports.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();
const confirmStep = (scope: ReturnType<Page['locator']>) => scope.getByTestId('confirm-step');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** A person's row as sign-in and signup leave it, with no points. */
async function insertPerson(email: string, role: 'user' | 'advertiser' = 'user', companyName?: string) {
  const id = `e2e-${unique()}-${unique()}`;
  await postgres.db.query(
    `insert into users (id, email, email_hash, role, display_name, company_name, birth_date, signup_completed_at)
     values ($1, $2, $1, $3, $4, $5, $6, $7)`,
    [
      id,
      email,
      role,
      role === 'advertiser' ? 'E2E広告社' : null,
      companyName ?? null,
      role === 'user' ? '1990-04-01' : null,
      role === 'user' ? new Date() : null,
    ],
  );
  return id;
}

/** Pending ads of one advertiser, titled `${title} 1`…, oldest first. */
async function insertPendingAds(advertiserId: string, title: string, count: number) {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const { rows } = await postgres.db.query(
      `insert into ads (advertiser_id, ad_provider, ad_url, ad_title, quiz_question, quiz_options, user_reward,
         unit_price, max_deliveries, status, is_active, created_at)
       values ($1, 'E2E広告社', $2, $3, '広告の色は？', '["赤","青","緑"]', 95, 120, 100, 'pending', false,
         now() - interval '1 hour' + $4 * interval '1 second') returning id`,
      [advertiserId, `${browser.baseUrl}/sample-ads/harema-coffee`, `${title} ${i}`, i],
    );
    await postgres.db.query('insert into quiz_answers (ad_id, correct_option_index) values ($1, 2)', [
      rows[0].id,
    ]);
    ids.push(rows[0].id as string);
  }
  return ids;
}

/** Pending gift requests of one person (the points were taken when asked: the person holds none now). */
async function insertGiftRequests(userId: string, points: number[]) {
  const ids: string[] = [];
  for (const [index, used] of points.entries()) {
    const { rows } = await postgres.db.query(
      `insert into gift_requests (user_id, gift_type, points_used, created_at)
       values ($1, 'amazon', $2, now() - interval '1 hour' + $3 * interval '1 second') returning id`,
      [userId, used, index],
    );
    ids.push(rows[0].id as string);
  }
  return ids;
}

/**
 * Leaves the shared database as the other journeys expect it: the ads still waiting leave the queue
 * (rejected), the requests still waiting are removed, and so are `people` (who hold nothing else).
 */
async function tidyUp({ adsOf = [], requestsOf = [], people = [] }: Record<string, string[]>) {
  await postgres.db.query(
    `update ads set status = 'rejected', rejection_reason = 'E2Eの後片付け'
     where advertiser_id = any($1) and status = 'pending'`,
    [adsOf],
  );
  await postgres.db.query(`delete from gift_requests where user_id = any($1) and status = 'pending'`, [
    requestsOf,
  ]);
  await postgres.db.query('delete from users where id = any($1)', [people]);
}

/** Searches an admin list from its search field, by keyboard (Enter). */
async function searchFor(page: Page, label: string, words: string) {
  const field = page.getByLabel(label);
  await field.fill(words);
  await field.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === words);
}

describe.each(DESK_AND_PHONE)('the operator console at $width×$height', (viewport) => {
  const shot = (page: Page, name: string) => screenshot(page, `operator-${viewport.name}-${name}`);
  useViewport(browser, viewport);

  it('signed out, /admin offers the Google sign-in and comes back to the same page; the admin never sees the profile form', async () => {
    const { page } = browser;
    await page.goto('/admin/numbers?range=7d');
    await page.getByRole('button', { name: 'Googleでログイン' }).waitFor();
    expect(await page.getByText(messages.forbidden).count()).toBe(0);
    expect(await page.locator('main h1').innerText()).toBe('管理画面');
    await expectAccessible(page);
    await shot(page, 'signed-out');

    const landed = await signInWithGoogle(page, ADMIN_EMAIL, '運営', '/admin/numbers');
    expect(landed).toBe('/admin/numbers');
    expect(new URL(page.url()).searchParams.get('range')).toBe('7d');
    await page.getByRole('heading', { name: '数値', level: 1 }).waitFor();

    // The admin has no member profile, and is never sent to fill one in: home and signup lead to the console.
    for (const path of ['/', '/signup']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page
        .locator('main')
        .getByRole('link', { name: /広告審査/ })
        .waitFor();
      expect(await page.getByLabel('生年').count(), path).toBe(0);
    }
    await shot(page, 'hub');
  });

  it('confirms approving and rejecting alike, in the page: reject asks the reason first; by keyboard too', async () => {
    const tag = `審査${unique()}`;
    const advertiserId = await insertPerson(`review-${unique()}@example.com`, 'advertiser');
    try {
      const [approveId, rejectId] = await insertPendingAds(advertiserId, tag, 2);
      const { page } = browser;
      await signInAsAdmin(page);
      await page
        .locator('main')
        .getByRole('link', { name: /広告審査/ })
        .click();
      await searchFor(page, '広告タイトル・広告主名・メールアドレス', tag);
      await expect.poll(() => page.getByTestId('review-total').innerText()).toContain('2件');

      const approved = page.getByTestId('pending-ad').filter({ hasText: `${tag} 1` });
      await approved.getByRole('button', { name: '承認する' }).click();
      const approval = confirmStep(approved);
      await expect.poll(() => approval.innerText()).toContain(`「${tag} 1」を承認しますか？`);
      for (const shown of ['E2E広告社', '95 Pt ／ 120円 ／ 100件', '性別：指定なし', '配信期間']) {
        expect(await approval.innerText()).toContain(shown);
      }
      await expectAccessible(page);
      await shot(page, 'approve-confirm');
      await approval.getByRole('button', { name: '戻る' }).click();
      await expect.poll(() => focusedText(page)).toBe('承認する');
      // The keyboard alone: Enter opens the step (its confirm button takes the focus), Enter confirms.
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedText(page)).toBe('承認を確定する');
      await page.keyboard.press('Enter');
      await expect.poll(() => statusMessage(page, `「${tag} 1」を承認しました。`).count()).toBe(1);
      const done = await postgres.db.query('select status from ads where id = $1', [approveId]);
      expect(done.rows[0].status).toBe('approved');

      const rejected = page.getByTestId('pending-ad').filter({ hasText: `${tag} 2` });
      await rejected.getByRole('button', { name: '却下する' }).click();
      expect(await rejected.getByRole('alert').innerText()).toBe(messages.rejectionReasonRequired);
      const reason = rejected.getByPlaceholder('却下理由');
      await reason.fill('広告ページにクイズの答えがありません');
      await reason.press('Enter');
      const rejection = confirmStep(rejected);
      await expect.poll(() => rejection.innerText()).toContain(`「${tag} 2」を却下しますか？`);
      expect(await rejected.getByTestId('confirm-reason').innerText()).toBe(
        '広告ページにクイズの答えがありません',
      );
      const waiting = await postgres.db.query('select status from ads where id = $1', [rejectId]);
      expect(waiting.rows[0].status).toBe('pending');
      await expectAccessible(page);
      await shot(page, 'reject-confirm');
      await rejection.getByRole('button', { name: '戻る' }).click();
      await expect.poll(() => reason.inputValue()).toBe('広告ページにクイズの答えがありません');
      await reason.press('Enter');
      await expect.poll(() => focusedText(page)).toBe('却下を確定する');
      await page.keyboard.press('Enter');
      await expect.poll(() => statusMessage(page, `「${tag} 2」を却下しました。`).count()).toBe(1);
      const stored = await postgres.db.query('select status, rejection_reason from ads where id = $1', [
        rejectId,
      ]);
      expect(stored.rows[0]).toEqual({
        status: 'rejected',
        rejection_reason: '広告ページにクイズの答えがありません',
      });
      await shot(page, 'review-done');
    } finally {
      await tidyUp({ adsOf: [advertiserId] });
    }
  });

  it('confirms issuing and rejecting a gift request alike, each after its text', async () => {
    const email = `gift-desk-${unique()}@example.com`;
    const userId = await insertPerson(email);
    try {
      const [issueId, rejectId] = await insertGiftRequests(userId, [1000, 3000]);
      const { page } = browser;
      await signInAsAdmin(page);
      await page
        .locator('main')
        .getByRole('link', { name: /ギフト申請/ })
        .click();
      await searchFor(page, '申請者のメールアドレス', email);
      const cards = page.getByTestId('pending-gift');
      // The search's own two cards: '2件' alone also matches the unsearched list's 12件 or 22件, whose
      // cards can still be on screen for a moment after the address changes.
      await expect.poll(() => cards.filter({ hasText: email }).count()).toBe(2);
      await expect.poll(() => cards.count()).toBe(2);
      await expect.poll(() => page.getByTestId('gift-total').innerText()).toContain('2件');

      const toIssue = cards.filter({ hasText: 'AMAZON 1,000 Pt' });
      const code = toIssue.getByPlaceholder('ギフトコード');
      const issue = confirmStep(toIssue);
      // On a loaded machine the search's answer can still redraw the card once after the count
      // settled, taking what was typed with it (seen once in a full run): type and send again until the
      // confirmation shows.
      await expect
        .poll(async () => {
          if (!(await issue.isVisible())) {
            await code.fill('E2E-DESK-0001');
            await code.press('Enter');
          }
          return (await issue.isVisible()) ? issue.innerText() : '';
        })
        .toContain('この申請にギフトコードを発行しますか？');
      expect(await issue.innerText()).toContain(email);
      expect(await issue.innerText()).toContain('AMAZON 1,000 Pt');
      expect(await toIssue.getByTestId('confirm-gift-code').innerText()).toBe('E2E-DESK-0001');
      await expectAccessible(page);
      await shot(page, 'gift-issue-confirm');
      await issue.getByRole('button', { name: '戻る' }).click();
      await expect.poll(() => code.inputValue()).toBe('E2E-DESK-0001');
      expect(
        (await postgres.db.query('select status from gift_requests where id = $1', [issueId])).rows[0],
      ).toEqual({
        status: 'pending',
      });
      await code.press('Enter');
      await issue.getByRole('button', { name: '発行を確定する' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'ギフトコードを発行しました' }).count())
        .toBe(1);

      const toReject = cards.filter({ hasText: 'AMAZON 3,000 Pt' });
      await toReject.getByPlaceholder('却下理由').fill('同一人物の複数アカウントのため');
      await toReject.getByRole('button', { name: '却下する' }).click();
      const rejection = confirmStep(toReject);
      await expect.poll(() => rejection.innerText()).toContain('3,000 Ptは申請者に返還され');
      await shot(page, 'gift-reject-confirm');
      await rejection.getByRole('button', { name: '却下を確定する' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: '却下し、ポイントを返還しました' }).count())
        .toBe(1);
      const settled = await postgres.db.query(
        'select id, status from gift_requests where id = any($1) order by points_used',
        [[issueId, rejectId]],
      );
      expect(settled.rows.map((row) => row.status)).toEqual(['issued', 'rejected']);
      const person = await postgres.db.query('select points from users where id = $1', [userId]);
      expect(person.rows[0].points).toBe(3000);
    } finally {
      await tidyUp({ requestsOf: [userId] });
    }
  });

  it('reads every code on a user’s page in Japanese, and the last sign-in of a person with 3 live sessions', async () => {
    const email = `three-devices-${unique()}@example.com`;
    const devices = [
      await newPersonPage(browser),
      await newPersonPage(browser),
      await newPersonPage(browser),
    ];
    await signInWithGoogle(devices[0]!.page, email);
    await completeSignup(devices[0]!.page, { gender: '女性' });
    for (const device of devices.slice(1)) await signInWithGoogle(device.page, email);
    const { rows } = await postgres.db.query('select id, last_login_at from users where email = $1', [email]);
    const userId = rows[0].id as string;
    expect(rows[0].last_login_at).not.toBeNull();
    await postgres.db.query('begin');
    await postgres.db.query('update users set points = points + 5 where id = $1', [userId]);
    await postgres.db.query(
      `insert into point_transactions (user_id, points, memo, reason, ref) values ($1, 5, 'デイリークイズ', 'daily_quiz', $2)`,
      [userId, `e2e-${unique()}`],
    );
    await postgres.db.query('commit');
    await insertGiftRequests(userId, [1000]);

    const { page } = browser;
    await signInAsAdmin(page);
    await page
      .locator('main')
      .getByRole('link', { name: /ユーザー検索/ })
      .click();
    await searchFor(page, 'メールアドレスまたはユーザーID', email);
    await page.getByTestId('user-result').getByRole('link', { name: email }).click();
    const profile = page.getByRole('region', { name: 'プロフィール' });
    await expect.poll(() => profile.innerText()).toContain('女性');
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/最終ログイン\s+\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
    expect(text).toContain('ログイン中のセッション 3件');
    const ledger = page.getByRole('region', { name: 'ポイント履歴の表' });
    expect(await ledger.innerText()).toContain('デイリークイズ');
    expect(await ledger.innerText()).toContain('会員登録ボーナス');
    expect(await page.getByTestId('user-gift-request').innerText()).toContain(messages.giftStatusPending);
    expect(text).not.toMatch(/female|daily_quiz|signup_bonus|\bpending\b/);
    await expectAccessible(page);
    await shot(page, 'user');
    for (const device of devices) await device.context.close();
    await tidyUp({ requestsOf: [userId] });
  });

  it('lays the numbers out in a grid and keeps the range picked in the address', async () => {
    const { page } = browser;
    await signInAsAdmin(page);
    await page.locator('main').getByRole('link', { name: '数値' }).click();
    await expect.poll(() => page.getByTestId('dashboard-chart').count()).toBe(7);
    const columns = () =>
      page
        .getByTestId('dashboard-chart')
        .first()
        .evaluate((chart) => {
          const grid = chart.parentElement!;
          return getComputedStyle(grid).gridTemplateColumns.split(' ').length;
        });
    expect(await columns()).toBe(viewport.width >= 1280 ? 3 : 1);
    const thirty = presetDays('30d', new Date());
    expect(await page.getByTestId('numbers-range').innerText()).toContain(dayRangeLabel(thirty));
    await expectAccessible(page);
    await shot(page, 'numbers');

    const picker = page.getByRole('navigation', { name: '期間' });
    await picker.getByRole('link', { name: '今日' }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'today');
    await expect.poll(() => page.getByText('日別の配信数（日本時間・今日）').count()).toBe(1);
    expect(await picker.getByRole('link', { name: '今日' }).getAttribute('aria-current')).toBe('true');
    await picker.getByRole('link', { name: '先月' }).click();
    const lastMonth = presetDays('last-month', new Date());
    await expect
      .poll(() => page.getByTestId('numbers-range').innerText())
      .toContain(dayRangeLabel(lastMonth));

    await picker.getByRole('link', { name: '期間を指定' }).click();
    expect(await page.getByLabel('開始日').inputValue()).toBe(lastMonth.from);
    await page.getByLabel('開始日').fill('2026-03-31');
    await page.getByLabel('終了日').fill('2026-03-01');
    await page.getByRole('button', { name: 'この期間で表示' }).click();
    expect(await page.getByRole('alert').first().innerText()).toBe(adReportMessages.fromAfterTo);
    await page.getByLabel('開始日').fill('2026-03-01');
    await page.getByLabel('終了日').fill('2026-03-31');
    await page.getByRole('button', { name: 'この期間で表示' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2026-03-01');
    await expect
      .poll(() => page.getByText('日別の配信数（日本時間・2026/03/01〜2026/03/31）').count())
      .toBe(1);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('numbers-range').innerText())
      .toContain('2026/03/01〜2026/03/31');
    await expectAccessible(page);
    await shot(page, 'numbers-custom');
    await page.goBack();
    await expect
      .poll(() => page.getByTestId('numbers-range').innerText())
      .toContain(dayRangeLabel(lastMonth));
  });

  it('says in the settings every targeting the fee rule counts', async () => {
    const { page } = browser;
    await signInAsAdmin(page);
    await page.locator('main').getByRole('link', { name: '設定' }).click();
    const pricing = page.getByRole('region', { name: '価格設定' });
    const hint = pricing.locator('#pricing-extra-fee-hint');
    await expect.poll(() => hint.innerText()).toBe(extraTargetingFeeRule);
    for (const { name } of feeTargetings) expect(await hint.innerText()).toContain(name);
    expect(await pricing.getByTestId('pricing-rule').innerText()).toContain(
      `最大${feeTargetings.length}項目`,
    );
    await shot(page, 'settings');
  });

  it('keeps the review queue, gift requests, users and advertisers usable with many rows: paged and searched', async () => {
    const tag = `many${unique()}`;
    const advertiserId = await insertPerson(`${tag}-ads@example.com`, 'advertiser');
    const requesterId = await insertPerson(`${tag}-gifts@example.com`);
    const people: string[] = [];
    for (let i = 0; i < 55; i++) people.push(await insertPerson(`${tag}-person-${i}@example.com`));
    for (let i = 0; i < 55; i++) {
      people.push(await insertPerson(`${tag}-company-${i}@example.com`, 'advertiser', `頁送り商事${tag}`));
    }
    try {
      await insertPendingAds(advertiserId, tag, 25);
      await insertGiftRequests(
        requesterId,
        Array.from({ length: 55 }, () => 1000),
      );
      const { page } = browser;
      await signInAsAdmin(page);

      const pagesThrough = async (
        itemTestId: string,
        words: string,
        first: number,
        all: number,
        screenshotName?: string,
      ) => {
        // The search's own results: the unsearched list (everyone's first page) can still be on
        // screen for a moment after the address changes, before 読み込み中… and the results.
        await expect.poll(() => page.getByTestId(itemTestId).filter({ hasText: words }).count()).toBe(first);
        await expect.poll(() => page.getByTestId(itemTestId).count()).toBe(first);
        await expect
          .poll(() =>
            page
              .getByRole('status')
              .filter({ hasText: `${first}件を表示しています` })
              .count(),
          )
          .toBe(1);
        if (screenshotName) {
          await expectAccessible(page);
          await shot(page, screenshotName);
        }
        const more = page.getByRole('button', { name: 'もっと見る' });
        await more.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId(itemTestId).count()).toBe(all);
        await expect
          .poll(() =>
            page
              .getByRole('status')
              .filter({ hasText: `${all}件を表示しています（これ以上はありません）` })
              .count(),
          )
          .toBe(1);
        expect(await more.count()).toBe(0);
      };

      await page.goto('/admin/review');
      await searchFor(page, '広告タイトル・広告主名・メールアドレス', tag);
      await pagesThrough('pending-ad', tag, 20, 25);

      await page.goto('/admin/gifts');
      await searchFor(page, '申請者のメールアドレス', `${tag}-gifts`);
      await pagesThrough('pending-gift', `${tag}-gifts`, 50, 55, 'gifts-paged');

      await page.goto('/admin/users');
      await searchFor(page, 'メールアドレスまたはユーザーID', `${tag}-person`);
      await pagesThrough('user-result', `${tag}-person`, 50, 55, 'users-paged');

      await page.goto('/admin/advertisers');
      await searchFor(page, 'メールアドレス・会社名・名前', `頁送り商事${tag}`);
      await pagesThrough('advertiser-result', `頁送り商事${tag}`, 50, 55, 'advertisers-paged');
    } finally {
      await tidyUp({ adsOf: [advertiserId], requestsOf: [requesterId], people });
    }
  });
});
