import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, users } from '../../db/schema.ts';
import { signedInAdvertiser } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { AUTH_COOKIE_PREFIX } from './auth.ts';
import { readSignedToken } from './session-lookup.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const signed = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`);

describe('readSignedToken', () => {
  it('reads the token of a cookie signed with the secret', () => {
    expect(
      readSignedToken(`a=1; qp.session_token=${signed('abc123')}; b=2`, 'qp.session_token', secret),
    ).toBe('abc123');
  });

  it.each([
    ['no cookie header', undefined],
    ['another cookie only', 'other=1'],
    ['a token without a signature', 'qp.session_token=abc123'],
    ['a signature made with another secret', `qp.session_token=${signed('abc123', `${secret}x`)}`],
    ['a token changed after signing', `qp.session_token=${signed('abc123').replace('abc123', 'abc124')}`],
    ['a truncated signature', `qp.session_token=${signed('abc123').slice(0, -6)}`],
    ['broken percent-encoding', 'qp.session_token=%E0%A4%A'],
    ['the cookie under another name', `qp.session_token2=${signed('abc123')}`],
  ])('refuses %s', (_name, header) => {
    expect(readSignedToken(header, 'qp.session_token', secret)).toBeNull();
  });
});

/**
 * The contract with better-auth: readSignedToken re-implements its signed session cookie, so a cookie
 * better-auth itself signed (an advertiser's e-mail confirmation signs them in) must read back as the
 * session better-auth stored. A change in better-auth's format fails here, not in production.
 */
describe('the session cookie better-auth signs', () => {
  it('reads back as the token of the session better-auth stored', async () => {
    const t = await createTestApp('pglite', { listen: true });
    try {
      const { client, email } = await signedInAdvertiser(t, { card: false });
      const name = `${AUTH_COOKIE_PREFIX}.session_token`;
      const token = readSignedToken(client.cookieHeader(), name, t.config.authSecret);
      const stored = await t.database.db
        .select({ token: authSessions.token })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(users.email, email));
      expect(stored).toHaveLength(1);
      expect(token).toBe(stored[0]!.token);
      // Signed with another secret, the same cookie is refused.
      expect(readSignedToken(client.cookieHeader(), name, `${t.config.authSecret}-other`)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
