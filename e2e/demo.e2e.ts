import { demoQuiz } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();

async function openDemoAndWait() {
  const { page, context } = browser;
  await page.goto('/demo');
  const quizButton = page.getByRole('button', { name: 'クイズに挑戦する' });
  expect(await quizButton.isDisabled()).toBe(true);
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: '広告ページを開く' }).click();
  const adPage = await popup;
  await adPage.waitForLoadState();
  await expect.poll(() => adPage.locator('h1').innerText()).toBe('クイズポイントの遊び方');
  await adPage.close();
  expect(await page.getByRole('status').innerText()).toBe('3秒のカウントダウンを開始しました。');
  expect(await page.getByRole('timer').innerText()).toMatch(/あと \d 秒/);
  expect(await quizButton.isDisabled()).toBe(true);
  await expect.poll(() => quizButton.isEnabled(), { timeout: 6000 }).toBe(true);
  expect(await page.getByRole('status').innerText()).toBe('待ち時間が終わりました。クイズに挑戦できます。');
  await quizButton.click();
}

describe('the demo', () => {
  it('opens the demo ad in a new tab, counts down, then a right answer shows 10 Pt and no real points', async () => {
    const { page } = browser;
    await openDemoAndWait();
    await page.getByRole('button', { name: '回答する' }).click();
    expect(await page.getByRole('alert').innerText()).toBe('回答を1つ選択してください。');
    await page.getByLabel(demoQuiz.options[1]).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: '回答する' }).click();
    await expect.poll(() => page.locator('h2').first().innerText()).toBe('正解です！');
    const result = await page.locator('main').innerText();
    expect(result).toContain('10 Pt 獲得');
    expect(result).toContain('実際のポイントは付与されません');
    await expectAccessible(page);
    await screenshot(page, 'demo-correct');
  });

  it('shows 1 Pt and the right answer after a wrong answer', async () => {
    const { page } = browser;
    await openDemoAndWait();
    await page.getByLabel(demoQuiz.options[0]).check();
    await page.getByRole('button', { name: '回答する' }).click();
    await expect.poll(() => page.locator('h2').first().innerText()).toBe('残念、不正解です');
    const result = await page.locator('main').innerText();
    expect(result).toContain('1 Pt 獲得');
    expect(result).toContain(`正解は「${demoQuiz.options[1]}」でした。`);
    expect(result).toContain('実際のポイントは付与されません');
    // One way back, not two: the page's own.
    expect(await page.getByRole('link', { name: 'ホームへ戻る' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'トップページへ戻る' }).count()).toBe(1);
    await page.getByRole('link', { name: 'トップページへ戻る' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
