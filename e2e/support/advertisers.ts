import { messages } from '@quiz-points/shared';
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const ADVERTISER_PASSWORD = 'e2e-password-1234';

/** The newest link mailed to this address by the capturing mailer (GET /api/dev/mail). */
export async function mailedLink(page: Page, to: string, subjectPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/mail');
      const { mail } = (await response.json()) as { mail: { to: string; subject: string; text: string }[] };
      const found = mail.find((m) => m.to === to && m.subject.includes(subjectPart));
      link = found ? /https?:\/\/\S+/.exec(found.text)?.[0] : undefined;
      return link;
    })
    .toBeDefined();
  return link!;
}

/**
 * Signs up on the advertiser landing and confirms by the mailed link (which signs in). With `db`, a
 * card is put on file straight in the database: the card's own journey is advertiser.e2e.ts's.
 */
export async function newAdvertiser(page: Page, email: string, db?: pg.Client) {
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });
  await page.goto('/advertiser');
  await page.getByLabel('会社名または表示名').fill('E2E広告株式会社');
  await page.locator('#advertiser-signup-email').fill(email);
  await page.getByLabel(/^パスワード（8文字以上）/).fill(ADVERTISER_PASSWORD);
  await page.getByRole('checkbox', { name: /広告主利用規約/ }).check();
  await page.getByRole('button', { name: '登録して確認メールを受け取る' }).click();
  await status(messages.verificationMailSent).waitFor();
  await page.goto(await mailedLink(page, email, 'メールアドレス確認'));
  await status(messages.emailVerified).waitFor();
  if (db) await db.query('update users set card_registered = true where email = $1', [email]);
}
