import { japanIsoDate } from '@quiz-points/shared';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type BrowserFixture, newPersonPage } from './browser.ts';
import { unique } from './rows.ts';

/**
 * Signs in through the real OpenID Connect flow: the Google button, then the development
 * provider's page (pick the account, or create it). Returns the path the app lands on.
 */
export async function signInWithGoogle(page: Page, email: string, name = 'テスト ユーザー', startPath = '/') {
  if (page.url() === 'about:blank' || new URL(page.url()).pathname !== startPath) await page.goto(startPath);
  // The next document to load is the provider's login page, or (with a provider session) the app
  // itself; the app's own history changes load no document, so they cannot be mistaken for it.
  const nextDocument = page.waitForEvent('domcontentloaded');
  await page.getByRole('button', { name: 'Googleでログイン' }).first().click();
  await nextDocument;
  if (new URL(page.url()).pathname.startsWith('/dev/oidc/interaction/')) {
    const existing = page.getByRole('button', { name: `（${email}）でログイン` });
    if ((await existing.count()) > 0) {
      await existing.click();
    } else {
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByLabel('名前').fill(name);
      await page.getByRole('button', { name: '作成してログイン' }).click();
    }
    await page.waitForURL((url) => !url.pathname.startsWith('/dev/') && !url.pathname.startsWith('/api/'));
  }
  // The home page may still redirect (to /signup) once it knows who signed in.
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  return new URL(page.url()).pathname;
}

export const ADMIN_EMAIL = 'admin@quiz-points.example';

/**
 * Signs in as the admin the way the operator does: /admin, signed out, offers the Google sign-in,
 * which comes back to the console's hub (never the member profile form).
 */
export async function signInAsAdmin(page: Page) {
  const landed = await signInWithGoogle(page, ADMIN_EMAIL, '運営', '/admin');
  expect(landed).toBe('/admin');
  // The hub's own link (a wide screen shows the console's navigation beside it too).
  await page
    .locator('main')
    .getByRole('link', { name: /広告審査/ })
    .waitFor();
}

/** Fills and submits the signup form with an adult's birth date. */
export async function completeSignup(
  page: Page,
  profile: { zipCode?: string; gender?: string; occupation?: string } = {},
) {
  await page.getByLabel('生年').selectOption('1990');
  await page.getByLabel('生まれた月').selectOption('4');
  await page.getByLabel('生まれた日').selectOption('1');
  if (profile.zipCode) await page.getByLabel('郵便番号（ハイフンなし7桁・任意）').fill(profile.zipCode);
  if (profile.gender) await page.getByLabel(profile.gender, { exact: true }).check();
  if (profile.occupation) await page.getByLabel('職業（任意）').selectOption(profile.occupation);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登録する' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Reads the newest code the SMS stand-in sent to this number (E.164). */
export async function latestSmsCode(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get('/api/dev/sms');
  const { sms } = (await response.json()) as { sms: { to: string; text: string }[] };
  const text = sms.find((message) => message.to === to)?.text ?? '';
  const code = /([0-9]{6})/.exec(text)?.[1];
  expect(code, `an SMS to ${to}`).toBeDefined();
  return code!;
}

export async function verifyPhone(page: Page, phone: string, e164: string) {
  await page.goto('/sms-verification');
  await page.getByLabel('携帯電話番号').fill(phone);
  await page.getByRole('button', { name: '認証コードを送る' }).click();
  await expect.poll(() => page.getByText('認証コードを送信しました。').count()).toBe(1);
  await page.getByLabel('認証コード（6桁）').fill(await latestSmsCode(page.request, e164));
  await page.getByRole('button', { name: '認証する' }).click();
  await expect.poll(() => page.getByText('電話番号認証が完了しました。', { exact: false }).count()).toBe(1);
}

export async function pointsOnHome(page: Page): Promise<number> {
  await page.goto('/');
  const points = page.getByTestId('points');
  await points.waitFor();
  return Number((await points.innerText()).replaceAll(',', ''));
}

/** The operator finds an ad in review by its title (the queue is paged) and waits for its card. */
export async function findPendingAd(page: Page, title: string) {
  await page.getByRole('link', { name: /広告審査/ }).click();
  await page.getByLabel('広告タイトル・広告主名・メールアドレス').fill(title);
  await page.getByRole('button', { name: '検索する' }).click();
  const card = page.getByTestId('pending-ad').filter({ hasText: title });
  await card.waitFor();
  return card;
}

/** A new member: signed in with Google as `<prefix>-<random>@example.com` and signed up as an adult. */
export async function signUpMember(page: Page, prefix: string) {
  const email = `${prefix}-${unique()}@example.com`;
  await signInWithGoogle(page, email);
  await completeSignup(page);
  return email;
}

/**
 * Today's daily quiz (Japan time), as the demo seed writes it (apps/server/src/db/seed.ts), made
 * through the admin's API when the day has none. The worker servers seed once, at their start: a
 * run that crosses Japan's midnight (15:00 UTC) would find the new day without a quiz.
 */
export async function ensureTodaysDailyQuiz(fixture: BrowserFixture) {
  const { context, page } = await newPersonPage(fixture);
  try {
    await signInAsAdmin(page);
    const response = await page.request.post('/api/admin/daily-quizzes', {
      data: {
        publishDate: japanIsoDate(new Date()),
        quizQuestion: '日本で一番高い山はどれでしょう？',
        quizOptions: ['北岳', '富士山', '奥穂高岳'],
        correctOptionIndex: 2,
        explanation: '富士山の標高は3,776mで、日本で最も高い山です。2位は北岳（3,193m）です。',
      },
    });
    // 409: the day has its quiz already (the seed's, or an earlier test's).
    expect([200, 201, 409], await response.text()).toContain(response.status());
  } finally {
    await context.close();
  }
}
