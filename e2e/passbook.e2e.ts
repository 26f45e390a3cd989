import { japanMonthRange, messages, monthLabel, recentJapanMonths } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInWithGoogle } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

const HOUR = 3_600_000;
const [thisMonth, lastMonth, twoMonthsAgo] = recentJapanMonths(new Date(), 3) as [string, string, string];
/** 23:30 in Japan on the last day of two months ago: still that month. */
const lateOnLastDay = new Date(japanMonthRange(twoMonthsAgo).end.getTime() - HOUR / 2);

/**
 * 78 entries before this month, written as the ledger writes them (the rows and the balance in one
 * transaction): last month 60 gains of 1,500 and 5 uses of 1,000; the month before 10 gains of
 * 4,000 and 3 uses of 1,000, the last of them at 23:30 on its last day.
 */
async function fillLedger(email: string) {
  const last = japanMonthRange(lastMonth).start.getTime();
  const before = japanMonthRange(twoMonthsAgo).start.getTime();
  const entries: [number, Date][] = [
    ...Array.from({ length: 60 }, (_, i): [number, Date] => [1500, new Date(last + (i + 1) * HOUR)]),
    ...Array.from({ length: 5 }, (_, i): [number, Date] => [-1000, new Date(last + (72 + i) * HOUR)]),
    ...Array.from({ length: 10 }, (_, i): [number, Date] => [4000, new Date(before + (i + 1) * HOUR)]),
    [-1000, new Date(before + 24 * HOUR)],
    [-1000, new Date(before + 25 * HOUR)],
    [-1000, lateOnLastDay],
  ];
  const total = entries.reduce((sum, [points]) => sum + points, 0);
  await postgres.db.query('begin');
  // The member joined as two months ago began: the passbook offers that month and those after it.
  const { rows } = await postgres.db.query(
    'update users set points = points + $2, signup_completed_at = $3 where email = $1 returning id',
    [email, total, japanMonthRange(twoMonthsAgo).start],
  );
  for (const [index, [points, at]] of entries.entries()) {
    await postgres.db.query(
      `insert into point_transactions (user_id, points, memo, reason, ref, created_at)
       values ($1, $2, $3, 'admin_adjustment', $4, $5)`,
      [rows[0].id, points, points > 0 ? messages.memoGain : messages.memoUse, `e2e-${unique()}-${index}`, at],
    );
  }
  await postgres.db.query('commit');
}

describe('the point passbook', () => {
  it('pages through the ledger, filters by use and by month, and shows each month’s totals', async () => {
    const { page } = browser;
    const email = `passbook-${unique()}@example.com`;
    await signInWithGoogle(page, email);
    await completeSignup(page);
    await fillLedger(email);

    await page.goto('/point-history');
    const entries = page.locator('.passbook__entry');
    const amounts = () => page.locator('.passbook__points').allInnerTexts();
    const month = (key: string) => page.getByRole('region', { name: monthLabel(key) });
    await expect.poll(() => entries.count()).toBe(50);
    expect(await page.getByTestId('history-balance').innerText()).toBe('122,010 Pt');
    expect(await amounts()).toContain('+1,500 Pt');
    expect(await amounts()).toContain('-1,000 Pt');
    expect((await amounts()).every((amount) => /^[+-]\d{1,3}(,\d{3})* Pt$/.test(amount))).toBe(true);
    expect(await month(thisMonth).getByTestId('month-totals').innerText()).toContain('+10 Pt');
    const lastTotals = await month(lastMonth).getByTestId('month-totals').innerText();
    for (const total of ['+90,000 Pt', '-5,000 Pt', '+85,000 Pt']) expect(lastTotals).toContain(total);
    expect(await month(twoMonthsAgo).count()).toBe(0);
    await expectAccessible(page);

    // The keyboard loads the rest: the button says it is loading, then leaves with the last page.
    const more = page.getByRole('button', { name: 'もっと見る' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => entries.count()).toBe(79);
    expect(await more.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('passbook__count');
    expect(await page.getByRole('status').filter({ hasText: '件を表示しています' }).innerText()).toBe(
      '79件を表示しています（これ以上の履歴はありません）',
    );
    const olderTotals = await month(twoMonthsAgo).getByTestId('month-totals').innerText();
    for (const total of ['+40,000 Pt', '-3,000 Pt', '+37,000 Pt']) expect(olderTotals).toContain(total);
    const late = month(twoMonthsAgo).locator(`time[datetime="${lateOnLastDay.toISOString()}"]`);
    expect(await late.innerText()).toMatch(/ 23:30:00$/);
    await screenshot(page, 'passbook');

    await page.getByLabel('利用', { exact: true }).check();
    await expect.poll(() => entries.count()).toBe(8);
    expect(new Set(await amounts())).toEqual(new Set(['-1,000 Pt']));
    expect(new URL(page.url()).searchParams.get('kind')).toBe('use');

    // The months start at the sign-up month, not two years back.
    const monthOptions = page.getByLabel('月', { exact: true }).locator('option');
    expect(
      await monthOptions.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['', thisMonth, lastMonth, twoMonthsAgo]);
    await page.getByLabel('月', { exact: true }).selectOption(twoMonthsAgo);
    await expect.poll(() => entries.count()).toBe(3);
    expect(await page.locator('.passbook-month').count()).toBe(1);
    // A month's totals are all of its entries, whichever kind is shown.
    expect(await month(twoMonthsAgo).getByTestId('month-totals').innerText()).toBe(olderTotals);
    await expectAccessible(page);

    // Arrow keys move through the kinds: from 利用 back to 獲得.
    await page.getByLabel('利用', { exact: true }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => entries.count()).toBe(10);
    expect(new Set(await amounts())).toEqual(new Set(['+4,000 Pt']));

    await page.getByLabel('月', { exact: true }).selectOption(thisMonth);
    await page.getByLabel('すべて', { exact: true }).check();
    await expect.poll(() => entries.count()).toBe(1);
  });

  it('says so when the passbook cannot be loaded, and loads it on retry', async () => {
    const { page } = browser;
    await signInWithGoogle(page, `passbook-${unique()}@example.com`);
    await completeSignup(page);
    await page.route('**/api/points/history*', (route) =>
      route.fulfill({
        status: 429,
        json: { error: { code: 'RATE_LIMITED', message: messages.tooManyRequests } },
      }),
    );
    await page.goto('/point-history');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(messages.historyLoadFailed);
    await expectAccessible(page);
    await page.unroute('**/api/points/history*');
    await page.getByRole('button', { name: '再試行' }).click();
    await expect.poll(() => page.locator('.passbook__entry').count()).toBe(1);
    expect(await page.locator('.passbook__points').innerText()).toBe('+10 Pt');
  });
});
