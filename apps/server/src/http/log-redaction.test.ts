import { DrizzleQueryError, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devSmsOutbox } from '../db/schema.ts';
import { giftIssuedMail } from '../domain/mail/mail-templates.ts';
import { sendMail } from '../domain/mail/send-mail.ts';
import type { Mailer, MailMessage } from '../services/mail/mailer.ts';
import { capturedLog } from '../test/captured-log.ts';
import { TEST_PASSWORD } from '../test/factories.ts';
import { signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { REDACTED, redactUrl } from './log-redaction.ts';

/** Every line the app logs, kept in memory. */
const { destination: logDestination, lines, entries } = capturedLog();
const logged = () => lines.join('');
const requestLines = () =>
  entries().flatMap((entry) =>
    entry.msg === 'incoming request' ? [entry.req as { method: string; url: string }] : [],
  );

/** Keeps every mail (so the test knows the links) and, while `failing`, throws as SMTP would. */
const sent: MailMessage[] = [];
let failing = false;
const mailer: Mailer = {
  async send(message) {
    sent.push(message);
    if (failing) throw new Error('SMTP refused the message');
  },
};
const lastLinkTo = (to: string) => {
  const text = sent.filter((mail) => mail.to === to).at(-1)?.text ?? '';
  const link = /(https?:\/\/\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return link;
};

/**
 * The session cookie's value and the token before its signature. (The development identity
 * provider's own interaction cookie is left out: its id is in that provider's URLs, development only.)
 */
const cookieSecrets = (client: TestHttpClient) =>
  client
    .cookieHeader()
    .split('; ')
    .filter((pair) => pair.slice(0, pair.indexOf('=')).includes('session'))
    .flatMap((pair) => {
      const value = pair.slice(pair.indexOf('=') + 1);
      return [value, decodeURIComponent(value).split('.')[0]!];
    })
    .filter((value) => value.length >= 16);

describe('logs without secrets', () => {
  const t = useTestApp('pglite', { env: { LOG_LEVEL: 'info' }, mailer, logDestination });

  it('logs every request, but no cookie, Authorization header, reset token, SMS code, password or mail text', async () => {
    const secrets: string[] = [];

    // A signed-in request carrying a session cookie and an Authorization header.
    const member = await t.as.user();
    const bearer = 'Bearer very-secret-bearer-token-0123456789';
    const me = await member.client.raw('/api/me', { headers: { authorization: bearer } });
    expect(me.status).toBe(200);
    expect(cookieSecrets(member.client).length).toBeGreaterThan(0);
    secrets.push(bearer, 'very-secret-bearer-token-0123456789', ...cookieSecrets(member.client));

    // An advertiser's password reset: the link is mailed, opened, and the new password set.
    const advertiser = await t.as.advertiser();
    const visitor = new TestHttpClient(t.url);
    expect(
      (await visitor.json('POST', '/api/advertiser/password-reset', { email: advertiser.email })).status,
    ).toBe(200);
    const link = lastLinkTo(advertiser.email);
    const resetToken = new URL(link).pathname.split('/').at(-1)!;
    expect(resetToken.length).toBeGreaterThanOrEqual(16);
    const { url } = await visitor.follow(link);
    const token = new URL(url).searchParams.get('token')!;
    expect(token).toBe(resetToken);
    const newPassword = 'a-brand-new-password-9876';
    const confirm = await visitor.json('POST', '/api/advertiser/password-reset/confirm', {
      token,
      password: newPassword,
    });
    expect(confirm.status).toBe(200);
    const signIn = await visitor.json('POST', '/api/advertiser/sign-in', {
      email: advertiser.email,
      password: newPassword,
    });
    expect(signIn.status).toBe(200);
    secrets.push(resetToken, link, newPassword, TEST_PASSWORD, ...cookieSecrets(visitor));

    // A phone code sent by SMS and then entered.
    expect(
      (await member.client.json('POST', '/api/phone/send-code', { phoneNumber: '09031415926' })).status,
    ).toBe(200);
    const [sms] = await t.database.db.select().from(devSmsOutbox).where(eq(devSmsOutbox.to, '+819031415926'));
    const smsCode = /([0-9]{6})/.exec(sms!.text)![1]!;
    expect((await member.client.json('POST', '/api/phone/verify', { code: smsCode })).status).toBe(200);
    secrets.push(sms!.text, `コード：${smsCode}`, `"${smsCode}"`);

    // A Google sign-in: the OAuth callback's code and state are in its URL.
    const googleUser = new TestHttpClient(t.url);
    await signInWithGoogle(googleUser, 'log-redaction@example.com');
    expect(cookieSecrets(googleUser).length).toBeGreaterThan(0);
    secrets.push(...cookieSecrets(googleUser));

    // A mail that fails: the reset link that was not sent, and a gift code, go through the error path.
    failing = true;
    const other = await t.as.advertiser();
    // (better-auth sends the mail as a background task: its failure is logged, not answered.)
    await visitor.json('POST', '/api/advertiser/password-reset', { email: other.email });
    const unsentLink = lastLinkTo(other.email);
    secrets.push(unsentLink, new URL(unsentLink).pathname.split('/').at(-1)!);
    const giftCode = 'GIFT-SECRET-CODE-4242-4242';
    expect(
      await sendMail({ mailer, log: t.app.log, to: 'gift@example.jp', mail: giftIssuedMail({ giftCode }) }),
    ).toBe(false);
    secrets.push(giftCode);
    failing = false;

    // What a careless log call could pass: the redaction paths catch it.
    t.app.log.info(
      { headers: { cookie: 'qp.session_token=header-secret-value-1', authorization: bearer } },
      'headers',
    );
    t.app.log.info({
      token: 'field-secret-value-2',
      mail: { text: 'mail-secret-value-3', url: 'mail-secret-value-4' },
    });
    // A failed query lists its parameters (a session token here) in its message and its fields.
    t.app.log.warn(
      { err: new DrizzleQueryError('select $1', ['query-param-secret-5'], new Error('boom')) },
      'failed',
    );
    secrets.push(
      'header-secret-value-1',
      'field-secret-value-2',
      'mail-secret-value-3',
      'mail-secret-value-4',
    );
    secrets.push('query-param-secret-5');

    const text = logged();
    for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret);

    // Logging was on all along: each request was logged with its method and URL, secrets replaced.
    const requests = requestLines();
    expect(requests).toContainEqual({ ...requests[0], method: 'GET', url: '/api/me' });
    const urls = requests.map((request) => `${request.method} ${request.url}`);
    expect(urls).toContain('POST /api/advertiser/password-reset');
    expect(urls).toContain('POST /api/phone/send-code');
    expect(urls).toContain('POST /api/phone/verify');
    expect(urls).toContain(
      `GET /api/auth/reset-password/${REDACTED}?callbackURL=${encodeURIComponent(`${t.url}/advertiser/reset-password`)}`,
    );
    expect(urls).toContain(`GET /advertiser/reset-password?token=${REDACTED}`);
    expect(
      urls.some((line) =>
        line.startsWith(`GET /api/auth/callback/google?code=${REDACTED}&state=${REDACTED}`),
      ),
    ).toBe(true);
    for (const line of urls)
      expect(line).not.toMatch(/[?&](token|code|state)=(?!%5Bredacted%5D|\[redacted\])/);
    const messages = entries().map((entry) => entry.msg);
    expect(messages).toContain('request completed');
    expect(messages).toContain('mail failed');
    expect(messages).toContain('[better-auth] Failed to run background task:');
    expect(text).toContain('"toDomain":"example.jp"');
    expect(text).toContain(`"cookie":"${REDACTED}"`);
  });

  it('replaces a URL’s secret parts and keeps the rest', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2Fx')).toBe(
      `/api/auth/reset-password/${REDACTED}?callbackURL=%2Fx`,
    );
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Fadvertiser')).toBe(
      `/api/auth/verify-email?token=${REDACTED}&callbackURL=%2Fadvertiser`,
    );
    expect(redactUrl('/api/auth/oauth2/callback/google?code=c0de&state=s7&iss=http%3A%2F%2Fx')).toBe(
      `/api/auth/oauth2/callback/google?code=${REDACTED}&state=${REDACTED}&iss=http%3A%2F%2Fx`,
    );
    expect(redactUrl('/api/ads?page=2&Token=x&%74oken=y')).toBe(
      `/api/ads?page=2&Token=${REDACTED}&%74oken=${REDACTED}`,
    );
    expect(redactUrl('/advertiser/reset-password')).toBe('/advertiser/reset-password');
    expect(redactUrl('/api/points?month=2025-01')).toBe('/api/points?month=2025-01');
  });
});
