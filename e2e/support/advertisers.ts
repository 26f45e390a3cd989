import { messages, noTargeting } from '@quiz-points/shared';
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { statusMessage } from './browser.ts';
import { forgetRolledUpAdFigures } from './postgres.ts';

export const ADVERTISER_PASSWORD = 'e2e-password-1234';

/** Every mail the capturing mailer (GET /api/dev/mail) has sent to this address. */
export async function mailsTo(page: Page, to: string) {
  const response = await page.request.get('/api/dev/mail');
  const { mail } = (await response.json()) as { mail: { to: string; subject: string; text: string }[] };
  return mail.filter((m) => m.to === to);
}

/** The newest link mailed to this address by the capturing mailer (GET /api/dev/mail). */
export async function mailedLink(page: Page, to: string, subjectPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const found = (await mailsTo(page, to)).find((m) => m.subject.includes(subjectPart));
      link = found ? /https?:\/\/\S+/.exec(found.text)?.[0] : undefined;
      return link;
    })
    .toBeDefined();
  return link!;
}

/** What the sign-up form asks besides the address: the name shown, and the invoices' addressee. */
export interface AdvertiserDetails {
  name?: string;
  invoiceName?: string;
  address?: string;
}

/** Fills the sign-up form on the advertiser landing (/advertiser) and ticks the terms, without sending it. */
export async function fillAdvertiserSignUp(page: Page, email: string, details: AdvertiserDetails = {}) {
  await page.goto('/advertiser');
  await page.getByLabel('会社名または表示名').fill(details.name ?? 'E2E広告株式会社');
  if (details.invoiceName) await page.getByLabel(/請求書の宛名（会社名・任意）/).fill(details.invoiceName);
  if (details.address) await page.getByLabel('住所（任意）').fill(details.address);
  await page.locator('#advertiser-signup-email').fill(email);
  await page.getByLabel(/^パスワード（8文字以上）/).fill(ADVERTISER_PASSWORD);
  await page.getByRole('checkbox', { name: /広告主利用規約/ }).check();
}

/** Sends the filled sign-up form and confirms by the mailed link, which signs in. */
export async function sendAdvertiserSignUp(page: Page, email: string) {
  await page.getByRole('button', { name: '登録して確認メールを受け取る' }).click();
  await statusMessage(page, messages.verificationMailSent).waitFor();
  await page.goto(await mailedLink(page, email, 'メールアドレス確認'));
  await statusMessage(page, messages.emailVerified).waitFor();
}

/**
 * Signs up on the advertiser landing and confirms by the mailed link (which signs in). With `db`, a
 * card is put on file straight in the database: the card's own journey is advertiser.e2e.ts's.
 */
export async function newAdvertiser(
  page: Page,
  email: string,
  options: AdvertiserDetails & { db?: pg.Client } = {},
) {
  await fillAdvertiserSignUp(page, email, options);
  await sendAdvertiserSignUp(page, email);
  if (options.db) await options.db.query('update users set card_registered = true where email = $1', [email]);
}

/** Signs in with the advertiser sign-in form on the landing page the browser is on. */
export async function signInAsAdvertiser(page: Page, email: string, password = ADVERTISER_PASSWORD) {
  await page.locator('#advertiser-login-email').fill(email);
  await page.locator('#advertiser-login-password').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/**
 * Registers a card at the payment stand-in's checkout from the card page the browser is on: `button`
 * opens the checkout, where `cardNumber` is typed (else its prefilled test card, which pays).
 */
export async function registerCard(page: Page, options: { button?: string; cardNumber?: string } = {}) {
  await page.getByRole('button', { name: options.button ?? 'カードを登録する' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dev/payments/checkout/'));
  await page.getByLabel('カード番号').waitFor();
  if (options.cardNumber) await page.getByLabel('カード番号').fill(options.cardNumber);
  await page.getByRole('button', { name: 'カードを登録する' }).click();
  await statusMessage(page, messages.cardRegistered).waitFor();
}

/**
 * Submits an ad through the API the ad form uses (the form's own walk is advertiser.e2e.ts's), aimed
 * at everyone; `fields` add to or replace the body's (provider, URL, limit, targeting, window).
 */
export async function submitAd(
  page: Page,
  adTitle: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const result = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/advertiser/ads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { ad: { id: string } } };
    },
    {
      adTitle,
      adProvider: 'E2E広告',
      adUrl: 'https://example.com/e2e',
      quizQuestion: '広告の色は？',
      quizOptions: ['赤', '青'],
      correctOptionIndex: 2,
      maxDeliveries: 10,
      ...noTargeting,
      ...fields,
    },
  );
  expect(result.status).toBe(201);
  return result.body.ad.id;
}

/** Approves an ad straight in the database, as the admin's review would. */
export async function approveAd(db: pg.Client, adId: string) {
  await db.query(`update ads set status = 'approved', is_active = true where id = $1`, [adId]);
}

/**
 * The advertiser console's navigation, opened from the menu button where it hides behind
 * one (below 1024 px wide; beside the page it is always there).
 */
export async function consoleNav(page: Page) {
  const nav = page.getByRole('navigation', { name: '広告主メニュー' });
  await page.locator('.console-topbar__brand').waitFor();
  const menu = page.getByRole('button', { name: 'メニュー', exact: true });
  if ((await menu.count()) > 0 && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  await nav.waitFor();
  return nav;
}

/** The row of the ad with this title in the advertiser's ads table (a card on a phone). */
export const advertiserAdCard = (page: Page, title: string) =>
  page.getByTestId('advertiser-ad').filter({ hasText: title });

/** The ad the form journeys write unless told otherwise: a sample page's new product, its month the answer. */
const sampleAd = {
  provider: 'E2E広告',
  question: '新商品の発売月はいつでしょう？',
  options: ['3月', '4月'],
  correct: 2,
};

/** Fills the ad form's content: title, shown name, page URL, quiz question, its options and the right one (from 1). */
export async function fillAdForm(
  page: Page,
  content: { title: string; url: string } & Partial<typeof sampleAd>,
) {
  const ad = { ...sampleAd, ...content };
  await page.getByLabel('広告タイトル').fill(ad.title);
  await page.getByLabel('広告主名（表示名）').fill(ad.provider);
  await page.getByLabel('広告ページのURL').fill(ad.url);
  await page.getByLabel('クイズの問題文').fill(ad.question);
  for (const [i, option] of ad.options.entries()) await page.getByPlaceholder(`選択肢${i + 1}`).fill(option);
  await page.getByRole('radio', { name: new RegExp(`正解\\s*（選択肢${ad.correct}）`) }).check();
}

/**
 * `count` click-throughs of the ad at `at` and `unitPrice` yen, each by a new member named `idPrefix`-…,
 * straight in the database; a day already rolled up is written again (forgetRolledUpAdFigures).
 */
export async function insertDeliveries(
  db: pg.Client,
  adId: string,
  delivery: { at: Date; count: number; unitPrice: number; idPrefix: string },
) {
  const batch = Math.random().toString(36).slice(2, 8);
  for (let i = 0; i < delivery.count; i++) {
    const id = `${delivery.idPrefix}-${batch}-${i}`;
    await db.query(`insert into users (id, email, email_hash, role) values ($1, $2, $1, 'user')`, [
      id,
      `${id}@example.com`,
    ]);
    await db.query(
      'insert into ad_deliveries (ad_id, user_id, unit_price, delivered_at) values ($1, $2, $3, $4)',
      [adId, id, delivery.unitPrice, delivery.at],
    );
  }
  await forgetRolledUpAdFigures(db);
}
