import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
