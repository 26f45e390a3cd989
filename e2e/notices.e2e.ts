import { japanIsoDate, messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from './support/browser.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInAsAdmin, signInWithGoogle } from './support/users.ts';

const browser = useBrowser();

describe('お知らせ', () => {
  it('the admin posts one for today, a user reads it from home, and finds it among the past ones once it ended', async () => {
    const admin = browser.page;
    const title = `メンテナンスのお知らせ ${unique()}`;
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'お知らせ', exact: true }).click();
    await admin.waitForURL('**/admin/notices');
    expect(await admin.getByLabel('掲載開始日').inputValue()).toBe(japanIsoDate(new Date()));
    const post = admin.getByRole('button', { name: '掲載する' });
    await post.click();
    expect(await admin.getByRole('alert').innerText()).toBe(messages.noticeTitleRequired);
    expect(await admin.getByLabel('タイトル').getAttribute('aria-invalid')).toBe('true');
    await admin.getByLabel('タイトル').fill(title);
    await admin
      .getByLabel('本文')
      .fill('1月10日 2:00〜4:00 はメンテナンスのためご利用いただけません。\nご不便をおかけします。');
    await post.click();
    await expect
      .poll(() => admin.getByRole('status').filter({ hasText: messages.noticePosted }).count())
      .toBe(1);
    const row = admin.getByTestId('admin-notice-row').filter({ hasText: title });
    await expect.poll(() => row.innerText()).toContain('掲載中');
    await expectAccessible(admin);
    await screenshot(admin, 'admin-notices');

    const phone = { width: 390, height: 844 };
    const context = await browser.context
      .browser()!
      .newContext({ baseURL: browser.baseUrl, locale: 'ja-JP', viewport: phone });
    try {
      const user = await context.newPage();
      await signInWithGoogle(user, `notice-reader-${unique()}@example.com`);
      await completeSignup(user);
      const card = user.getByRole('region', { name: 'お知らせ' });
      const link = card.getByRole('link', { name: title });
      await link.waitFor();
      // The tab bar says how many are unread.
      const tab = user.getByRole('navigation', { name: 'タブ' }).getByRole('link', { name: /お知らせ/ });
      await expect.poll(() => tab.innerText()).toMatch(/1\s*件の未読/);
      await expectAccessible(user);
      await screenshot(user, 'home-notices-unread');

      const marked = user.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && /\/api\/notices\/[^/]+\/read$/.test(response.url()),
      );
      await link.click();
      await user.waitForURL('**/notices?open=*');
      expect((await marked).status()).toBe(200);
      const item = user.getByTestId('notice-item').filter({ hasText: title });
      await item.getByText('ご不便をおかけします。').waitFor();
      await expect.poll(() => item.getByText('未読').count()).toBe(0);
      await expectAccessible(user);
      await screenshot(user, 'notices-opened');

      // Back home within the app: the card's list was refreshed when the notice was marked read.
      await user.goBack();
      await card.getByRole('link', { name: 'すべてのお知らせ' }).waitFor();
      await expect.poll(() => card.getByRole('link', { name: title }).count()).toBe(0);
      await expect.poll(() => tab.innerText()).not.toMatch(/未読/);

      // The notice ends: the admin moves its window to yesterday, and it shows read among the past ones.
      const yesterday = japanIsoDate(new Date(Date.now() - 86_400_000));
      await row.getByRole('button', { name: /編集する/ }).click();
      await admin.getByLabel('掲載開始日').fill(yesterday);
      await admin.getByLabel('掲載終了日').fill(yesterday);
      await admin.getByRole('button', { name: '更新する' }).click();
      await expect
        .poll(() => admin.getByRole('status').filter({ hasText: messages.noticeUpdated }).count())
        .toBe(1);
      await expect.poll(() => row.innerText()).toMatch(/掲載終了[\s\S]*既読 1人/);

      // A fresh load: the page the user had open keeps its answer for 30 seconds (app.tsx's staleTime).
      await user.goto('/notices');
      const past = user.getByRole('region', { name: '過去のお知らせ' });
      const ended = past.getByTestId('notice-item').filter({ hasText: title });
      await ended.waitFor();
      expect(await ended.getByText('未読').count()).toBe(0);
      const current = user.getByRole('region', { name: '掲載中のお知らせ' });
      expect(await current.getByText(title).count()).toBe(0);
      await ended.getByText(title).click();
      await ended.getByText('ご不便をおかけします。').waitFor();
      await expectAccessible(user);
      await screenshot(user, 'notices-past');
    } finally {
      await context.close();
    }
  });
});
