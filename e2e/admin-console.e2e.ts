import { japanDateKey, japanIsoDate, messages, pageRoutes } from '@quiz-points/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPersonPage, screenshot, useBrowser } from './support/browser.ts';
import { usePostgres } from './support/postgres.ts';
import { unique } from './support/rows.ts';
import { completeSignup, signInAsAdmin, signInWithGoogle } from './support/users.ts';

const browser = useBrowser({ server: 'postgres' });
const postgres = usePostgres();

/** Every admin page of the route list, with a placeholder for the user id. */
const adminPages = pageRoutes
  .filter((route) => route === '/admin' || route.startsWith('/admin/'))
  .map((route) => route.replace(':id', 'someone'));

/** The seeded advertiser (README), signed in through the advertiser sign-in endpoint. */
async function signInAsSeededAdvertiser(page: Page) {
  const response = await page.request.post('/api/advertiser/sign-in', {
    data: { email: 'advertiser@quiz-points.example', password: 'advertiser-demo-1234' },
  });
  expect(response.status()).toBe(200);
}

async function expectRefusedEverywhere(page: Page) {
  for (const path of adminPages) {
    await page.goto(path);
    await expect
      .poll(() => page.getByRole('alert').first().innerText(), { message: path })
      .toBe(messages.forbidden);
  }
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
}

describe('who may open the console', () => {
  it('refuses every admin page to a user, with アクセス権限がありません and back home', async () => {
    const { page } = browser;
    await signInWithGoogle(page, `curious-${unique()}@example.com`);
    await completeSignup(page);
    expect(adminPages).toEqual(expect.arrayContaining(['/admin/settings', '/admin/users', '/admin/numbers']));
    await expectRefusedEverywhere(page);
  });

  it('refuses every admin page to an advertiser', async () => {
    const { page } = browser;
    await page.goto('/advertiser');
    await signInAsSeededAdvertiser(page);
    await expectRefusedEverywhere(page);
  });
});

describe('daily quiz', () => {
  it('creates tomorrow’s quiz with each validation message, edits it, and a user answers it the next day', async () => {
    const { page } = browser;
    const today = japanDateKey(new Date());
    const tomorrowDate = new Date(Date.now() + 86_400_000);
    const tomorrow = japanDateKey(tomorrowDate);
    // Another journey may have taken tomorrow already; set it aside and put it back afterwards.
    const { rows: setAside } = await postgres.db.query(
      'delete from daily_quizzes where publish_date = $1 returning *',
      [tomorrow],
    );
    const { rows: todays } = await postgres.db.query('select * from daily_quizzes where publish_date = $1', [
      today,
    ]);
    try {
      await signInAsAdmin(page);
      await page.getByRole('link', { name: 'デイリークイズ作成' }).click();
      await page.waitForURL('**/admin/create-quiz');
      expect(await page.getByLabel('公開日').inputValue()).toBe(japanIsoDate(tomorrowDate));
      const submit = page.getByRole('button', { name: '登録する' });
      const refused = async (step: string) => {
        await submit.click();
        expect(await page.getByRole('alert').innerText(), step).toBe(messages.allFieldsRequired);
      };
      await refused('nothing filled');
      await page.getByLabel('問題文').fill('「クイズポイント」で交換できるのは何ポイントから？');
      await refused('no options');
      await page.getByPlaceholder('選択肢1').fill('100 Pt');
      await refused('one option blank');
      await page.getByPlaceholder('選択肢2').fill('1,000 Pt');
      await refused('no correct option');
      await page.getByLabel('正解').selectOption('2');
      await page.getByLabel('公開日').fill('');
      await refused('no publish date');
      await page.getByLabel('公開日').fill(japanIsoDate(tomorrowDate));
      await submit.click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: messages.dailyQuizCreated }).count())
        .toBe(1);

      const row = page.getByTestId('daily-quiz-row').filter({ hasText: '交換できるのは何ポイントから' });
      await row.getByRole('button', { name: /編集する/ }).click();
      expect(await page.getByLabel('問題文').inputValue()).toContain('交換できるのは');
      await page.getByRole('button', { name: '選択肢を追加' }).click();
      await page.getByPlaceholder('選択肢3').fill('10,000 Pt');
      await page.getByLabel('解説（任意）').fill('1,000 Pt から Amazonギフトカードに交換できます。');
      await expectAccessible(page);
      await screenshot(page, 'admin-create-quiz-edit');
      await page.getByRole('button', { name: '更新する' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: messages.dailyQuizUpdated }).count())
        .toBe(1);
      await expect.poll(() => row.getByRole('button', { name: /編集する/ }).count()).toBe(1);

      // The next day: tomorrow's quiz becomes today's (in place of the seeded one, put back below).
      await postgres.db.query(
        `update daily_quizzes t set quiz_question = s.quiz_question, quiz_options = s.quiz_options,
           correct_option_index = s.correct_option_index, explanation = s.explanation
         from daily_quizzes s where t.publish_date = $1 and s.publish_date = $2`,
        [today, tomorrow],
      );
      if (todays.length === 0) {
        await postgres.db.query('update daily_quizzes set publish_date = $1 where publish_date = $2', [
          today,
          tomorrow,
        ]);
      } else {
        await postgres.db.query('delete from daily_quizzes where publish_date = $1', [tomorrow]);
      }
      const user = await newPersonPage(browser);
      await signInWithGoogle(user.page, `next-day-${unique()}@example.com`);
      await completeSignup(user.page);
      await user.page.goto('/daily-quiz');
      await user.page.getByText('交換できるのは何ポイントから').waitFor();
      await user.page.getByLabel('1,000 Pt', { exact: true }).check();
      await user.page.getByRole('button', { name: '回答する' }).click();
      await expect.poll(() => user.page.locator('#result-title').innerText()).toBe('正解です！');
      await user.context.close();

      await page.reload();
      const answered = page.getByTestId('daily-quiz-row').filter({ hasText: '交換できるのは何ポイントから' });
      await expect.poll(() => answered.innerText()).toMatch(/回答 [1-9]\d*件/);
      expect(await answered.getByRole('button', { name: /編集する/ }).count()).toBe(0);
      expect(await answered.innerText()).toContain('回答があるため編集できません。');
    } finally {
      const [original] = todays;
      if (original) {
        await postgres.db.query(
          `update daily_quizzes set quiz_question = $2, quiz_options = $3, correct_option_index = $4, explanation = $5
           where publish_date = $1`,
          [
            today,
            original.quiz_question,
            JSON.stringify(original.quiz_options),
            original.correct_option_index,
            original.explanation,
          ],
        );
      }
      await postgres.db.query('delete from daily_quizzes where publish_date = $1', [tomorrow]);
      for (const quiz of setAside) {
        await postgres.db.query(
          `insert into daily_quizzes (publish_date, quiz_question, quiz_options, correct_option_index, explanation)
           values ($1, $2, $3, $4, $5)`,
          [
            quiz.publish_date,
            quiz.quiz_question,
            JSON.stringify(quiz.quiz_options),
            quiz.correct_option_index,
            quiz.explanation,
          ],
        );
      }
    }
  });
});

describe('settings', () => {
  it('changes the pricing, audited, and a new ad is priced by it', async () => {
    const { page } = browser;
    const { rows } = await postgres.db.query(
      'select user_reward, base_fee, extra_targeting_fee from pricing_config where id = 1',
    );
    const original = rows[0];
    try {
      await signInAsAdmin(page);
      await page.getByRole('link', { name: '設定' }).click();
      const pricing = page.getByRole('region', { name: '価格設定' });
      await pricing.getByLabel('ユーザー報酬（円）').fill('12');
      await pricing.getByLabel('基本料金（円）').fill('-1');
      await pricing.getByRole('button', { name: '価格設定を保存' }).click();
      expect(await pricing.getByRole('alert').innerText()).toBe(messages.allFieldsRequired);
      await pricing.getByLabel('基本料金（円）').fill('22');
      await pricing.getByLabel('ターゲティング追加料金（円）').fill('6');
      await pricing.getByRole('button', { name: '価格設定を保存' }).click();
      await pricing.getByRole('button', { name: '変更を確定する' }).click();
      await expect.poll(() => pricing.getByRole('status').innerText()).toBe(messages.settingSaved);
      const audit = page.getByTestId('audit-entry').first();
      await expect.poll(() => audit.innerText()).toContain(`ユーザー報酬: ${original.user_reward}円 → 12円`);
      expect(await audit.innerText()).toContain('admin@quiz-points.example');
      await expectAccessible(page);
      await screenshot(page, 'admin-settings');

      const advertiser = await newPersonPage(browser);
      await advertiser.page.goto('/advertiser');
      await signInAsSeededAdvertiser(advertiser.page);
      const offered = await advertiser.page.request.get('/api/advertiser/pricing');
      expect(await offered.json()).toEqual({
        userReward: 12,
        baseFee: 22,
        extraTargetingFee: 6,
        isAdmin: false,
      });
      await advertiser.context.close();
    } finally {
      await postgres.db.query(
        'update pricing_config set user_reward = $1, base_fee = $2, extra_targeting_fee = $3 where id = 1',
        [original.user_reward, original.base_fee, original.extra_targeting_fee],
      );
    }
  });
});

describe('users', () => {
  it('finds a user by part of the e-mail and suspends them with a reason; they are signed out at once', async () => {
    const email = `suspect-${unique()}@example.com`;
    const user = await newPersonPage(browser);
    await signInWithGoogle(user.page, email);
    await completeSignup(user.page);

    const { page } = browser;
    await signInAsAdmin(page);
    await page.getByRole('link', { name: /ユーザー検索/ }).click();
    await page.getByRole('button', { name: '検索する' }).click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.userSearchQueryRequired);
    await page.getByLabel('メールアドレスまたはユーザーID').fill('nobody-here');
    await page.getByRole('button', { name: '検索する' }).click();
    await expect.poll(() => page.getByText(messages.userSearchEmpty).count()).toBe(1);
    await page.getByLabel('メールアドレスまたはユーザーID').fill(email.slice(0, 14));
    await page.getByRole('button', { name: '検索する' }).click();
    const result = page.getByTestId('user-result').filter({ hasText: email });
    await result.getByRole('link', { name: email }).click();
    await page.getByRole('heading', { name: 'アカウント停止' }).waitFor();
    expect(await page.getByText('ログイン中のセッション 1件').count()).toBe(1);

    await page.getByRole('button', { name: '停止する' }).click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.suspensionReasonRequired);
    await page.getByPlaceholder('停止の理由').fill('同一人物による複数アカウント');
    await page.getByRole('button', { name: '停止する' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(messages.userSuspended);
    await expect
      .poll(() => page.getByTestId('suspension-entry').first().innerText())
      .toContain('停止：同一人物による複数アカウント');
    await expectAccessible(page);
    await screenshot(page, 'admin-user');

    const me = await user.page.request.get('/api/me');
    expect((await me.json()).user).toBeNull();
    await user.page.reload();
    await user.page.getByRole('button', { name: 'Googleでログイン' }).first().waitFor();
    await user.context.close();

    await page.getByPlaceholder('停止解除の理由').fill('確認の結果、問題なし');
    await page.getByRole('button', { name: '停止を解除する' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(messages.userReinstated);
  });
});

describe('numbers', () => {
  it('shows the dashboard with a chart and a table for each number', async () => {
    const { page } = browser;
    await signInAsAdmin(page);
    await expect
      .poll(() => page.getByRole('link', { name: /ギフト申請/ }).innerText())
      .toMatch(/未処理 \d+件/);
    await expectAccessible(page);
    await screenshot(page, 'admin-hub');
    await page.getByRole('link', { name: '数値' }).click();
    const charts = page.getByTestId('dashboard-chart');
    await expect.poll(() => charts.count()).toBe(7);
    expect(await page.locator('svg[role="img"]').count()).toBe(7);
    expect(await page.getByRole('img', { name: /日別新規登録数/ }).count()).toBe(1);
    expect(await page.getByTestId('liability').innerText()).toMatch(/^[\d,]+ Pt$/);
    const byPage = page.getByRole('region', { name: /ページ別のページビュー/ });
    expect(await byPage.getByRole('cell', { name: '/admin', exact: true }).count()).toBe(1);
    await page.getByRole('navigation', { name: '期間' }).getByRole('link', { name: '直近7日' }).click();
    await expect.poll(() => page.getByText('日別の配信数（日本時間・直近7日）').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('range')).toBe('7d');
    await expectAccessible(page);
    await screenshot(page, 'admin-numbers');
  });
});
