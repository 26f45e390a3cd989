import { messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { unique } from './support/rows.ts';
import { completeSignup, ensureTodaysDailyQuiz, pointsOnHome, signInWithGoogle } from './support/users.ts';

const browser = useBrowser();

async function newUser() {
  const { page } = browser;
  await signInWithGoogle(page, `earner-${unique()}@example.com`);
  await completeSignup(page);
  await page.goto('/');
  await page.locator('.ad-list').waitFor();
}

async function openAdAndWait(title: string) {
  const { page, context } = browser;
  const card = page.locator('.ad-card').filter({ hasText: title });
  const popup = context.waitForEvent('page');
  await card.getByRole('button', { name: '広告を見る' }).click();
  const adTab = await popup;
  await adTab.waitForURL('**/sample-ads/**');
  await adTab.close();
  expect(await card.getByRole('timer').innerText()).toMatch(/あと \d 秒/);
  const start = card.getByRole('link', { name: 'クイズに挑戦する' });
  await start.waitFor({ timeout: 6000 });
  await start.click();
  await page.waitForURL('**/quiz/**');
}

describe('earning on ads', () => {
  it('lists ads by reward, opens one in a new tab, counts down, and a right answer pays the full reward', async () => {
    const { page } = browser;
    await newUser();
    const titles = await page.locator('.ad-card__title').allInnerTexts();
    expect(titles).toEqual([
      'みどり銀行 つみたて口座｜毎月1,000円から',
      'はれま珈琲 秋限定ブレンド',
      'ことのは英会話 無料体験受付中',
    ]);
    // The demo ads have no banner: each card shows its advertiser's placeholder in the banner's place.
    expect(await page.locator('.ad-card .ad-banner--placeholder').count()).toBe(3);
    // Each card says what it asks: the wait before its quiz (3 s on this test server).
    expect(await page.locator('.ad-card__wait').allInnerTexts()).toEqual(
      Array(3).fill('3秒見てクイズに挑戦'),
    );
    await expectAccessible(page);
    await screenshot(page, 'home-ads');

    await openAdAndWait('みどり銀行');
    await page.getByRole('button', { name: '回答する' }).click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.chooseOneOption);
    await page.getByLabel('1,000円').check();
    await expectAccessible(page);
    await page.getByRole('button', { name: '回答する' }).click();
    await expect.poll(() => page.locator('#result-title').innerText()).toBe('正解です！');
    expect(await page.locator('.quiz-result__points').innerText()).toBe('12 Pt 獲得');
    // The new balance counts up from the old one; then the next ad, or home: one way each.
    await expect.poll(() => page.getByTestId('new-balance').innerText()).toBe('22');
    expect(await page.locator('.quiz-result').innerText()).toContain('保有ポイント');
    expect(await page.getByRole('link', { name: 'ホームへ戻る' }).count()).toBe(1);
    await screenshot(page, 'quiz-result');
    await page.getByRole('link', { name: '次の広告へ' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash.startsWith('#ad-'));
    // Home shows the next ad still to answer, its first button focused.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.ad-card')?.textContent ?? ''))
      .toContain('はれま珈琲');
    // Back to the answered quiz: it says so, and never offers the question again.
    await page.goBack();
    await page.waitForURL('**/quiz/**');
    await expect.poll(() => page.getByRole('status').filter({ hasText: '回答済み' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '回答する' }).count()).toBe(0);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/');

    expect(await pointsOnHome(page)).toBe(10 + 12);
    // Points earned today (the signup bonus, then the answer): the first day of a streak.
    expect(await page.getByTestId('streak').innerText()).toBe('1日連続でポイント獲得中');
    expect(await page.locator('.ad-card').filter({ hasText: 'みどり銀行' }).count()).toBe(0);
    // The answered ads are asked for when the box is ticked.
    await page.getByLabel('回答済みの広告も表示').check();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: '回答済みの広告' })
          .locator('.ad-card')
          .filter({ hasText: 'みどり銀行' })
          .getByText('回答済み', { exact: true })
          .count(),
      )
      .toBe(1);

    await page.goto('/point-history');
    const first = page.locator('.passbook__entry').first();
    await first.waitFor();
    expect(await first.innerText()).toContain('+12 Pt');
    expect(await first.innerText()).toContain('ポイント獲得');
    expect(await first.locator('time').innerText()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    await expectAccessible(page);
    await screenshot(page, 'point-history');
  });

  it('pays 10 % for a wrong answer and shows the right one', async () => {
    const { page } = browser;
    await newUser();
    await openAdAndWait('はれま珈琲');
    await page.getByLabel('ブラジル').check();
    await page.getByRole('button', { name: '回答する' }).click();
    await expect.poll(() => page.locator('#result-title').innerText()).toBe('残念、不正解です');
    expect(await page.locator('main').innerText()).toContain('1 Pt 獲得');
    expect(await page.locator('main').innerText()).toContain('正解は「エチオピア」でした。');
    expect(await pointsOnHome(page)).toBe(11);
  });

  it('allows one ad wait at a time: another ad says so during the wait, and opens after it', async () => {
    const { page, context } = browser;
    await newUser();
    const popup = context.waitForEvent('page');
    await page.locator('.ad-card').first().getByRole('button', { name: '広告を見る' }).click();
    await (await popup).close();
    const second = page.locator('.ad-card').nth(1).getByRole('button', { name: '広告を見る' });
    // Usable during the wait, not greyed out: once the first click is recorded (while it is on its
    // way every button waits for it).
    await expect.poll(() => second.isEnabled()).toBe(true);
    const pagesBefore = context.pages().length;
    await second.click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(messages.alreadyWaiting);
    expect(context.pages().length).toBe(pagesBefore);
    // The wait is 3 s in these tests; after it, the next ad opens though the first is not answered.
    await page.locator('.ad-card').first().getByRole('link', { name: 'クイズに挑戦する' }).waitFor();
    const next = context.waitForEvent('page');
    await second.click();
    const adTab = await next;
    await adTab.waitForURL('**/sample-ads/**');
    await adTab.close();
    expect(await page.getByText(messages.alreadyWaiting).count()).toBe(0);
  });

  it('updates the passbook without reloading when points change', async () => {
    const { page, context } = browser;
    await newUser();
    await page.goto('/point-history');
    await page.locator('.passbook__entry').first().waitFor();
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'デイリーガチャを回す' }).click();
    await other.getByRole('button', { name: '閉じる' }).click();
    await other.close();
    await expect.poll(() => page.locator('.passbook__entry').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('.passbook__entry').first().innerText()).toContain('デイリーガチャ');
  });
});

describe('daily rewards', () => {
  it('rolls the gacha once a day with the overlay', async () => {
    const { page } = browser;
    await newUser();
    await page.getByRole('button', { name: 'デイリーガチャを回す' }).click();
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain(messages.gachaRolling);
    await expect.poll(() => page.locator('.gacha__reward').count(), { timeout: 6000 }).toBe(1);
    expect(await page.locator('.gacha__reward').innerText()).toMatch(/^\d+ Pt GET!!$/);
    const reward = Number((await page.locator('.gacha__reward').innerText()).split(' ')[0]);
    expect([1, 3, 5, 10, 50]).toContain(reward);
    await expect.poll(() => page.getByTestId('new-balance').innerText()).toBe(String(10 + reward));
    await expectAccessible(page);
    await screenshot(page, 'gacha');
    await page.getByRole('button', { name: '閉じる' }).click();
    expect(await page.getByRole('button', { name: '本日のガチャは終了しました' }).isDisabled()).toBe(true);
    expect(await pointsOnHome(page)).toBe(10 + reward);
    expect(await page.getByRole('button', { name: '本日のガチャは終了しました' }).isDisabled()).toBe(true);
  });

  it('answers today’s daily quiz right, shows the explanation, then refuses a second visit', async () => {
    const { page } = browser;
    await ensureTodaysDailyQuiz(browser);
    await newUser();
    await page.getByRole('link', { name: 'デイリークイズに挑戦' }).click();
    await page.waitForURL('**/daily-quiz');
    await page.getByLabel('富士山').check();
    await page.getByRole('button', { name: '回答する' }).click();
    await expect.poll(() => page.locator('#result-title').innerText()).toBe('正解です！');
    expect(await page.locator('main').innerText()).toContain('5 Pt 獲得');
    expect(await page.locator('main').innerText()).toContain('3,776m');
    await expect.poll(() => page.getByTestId('new-balance').innerText()).toBe('15');
    expect(await page.getByRole('link', { name: 'ホームへ戻る' }).count()).toBe(1);
    // The result stays after today's quiz is refetched as answered; no redirect happens.
    await page.waitForTimeout(2500);
    expect(await page.locator('#result-title').innerText()).toBe('正解です！');
    expect(new URL(page.url()).pathname).toBe('/daily-quiz');
    expect(await pointsOnHome(page)).toBe(15);
    expect(await page.getByRole('button', { name: '本日のデイリークイズは回答済み' }).isDisabled()).toBe(
      true,
    );

    await page.goto('/daily-quiz');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(messages.dailyQuizAlreadyAnswered);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
  });

  it('gives 1 Pt for a wrong daily-quiz answer', async () => {
    const { page } = browser;
    await ensureTodaysDailyQuiz(browser);
    await newUser();
    await page.goto('/daily-quiz');
    await page.getByLabel('北岳').check();
    await page.getByRole('button', { name: '回答する' }).click();
    await expect.poll(() => page.locator('#result-title').innerText()).toBe('残念、不正解です');
    expect(await pointsOnHome(page)).toBe(11);
  });
});
