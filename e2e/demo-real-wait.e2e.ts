import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

// This server runs without the test-only setting: the wait is the real 30 seconds.
const browser = useBrowser({ server: 'realWait' });

describe('the demo with the real wait', () => {
  it('keeps the quiz locked for the full 30 seconds', async () => {
    const { page, context } = browser;
    await page.goto('/demo');
    const quizButton = page.getByRole('button', { name: 'クイズに挑戦する' });
    const popup = context.waitForEvent('page');
    const started = Date.now();
    await page.getByRole('button', { name: '広告ページを開く' }).click();
    await (await popup).close();
    expect(await page.getByRole('status').innerText()).toBe('30秒のカウントダウンを開始しました。');
    await page.waitForTimeout(28_000);
    expect(await quizButton.isDisabled()).toBe(true);
    await expect.poll(() => quizButton.isEnabled(), { timeout: 5000, interval: 100 }).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(30_000);
  });
});
