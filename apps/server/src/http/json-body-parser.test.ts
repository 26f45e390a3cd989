import { type ErrorBody, messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';
import { MAX_JSON_DEPTH } from './json-body-parser.ts';

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('JSON bodies', () => {
  const t = useTestApp();

  const post = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it(`are parsed up to ${MAX_JSON_DEPTH} levels and refused one level deeper, with a message`, async () => {
    const deepest = await post('/api/material-requests', nested(MAX_JSON_DEPTH));
    expect(deepest.json<ErrorBody>().error.code).toBe('VALIDATION');
    const deeper = await post('/api/material-requests', nested(MAX_JSON_DEPTH + 1));
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json<ErrorBody>().error).toEqual({ code: 'BODY_TOO_DEEP', message: messages.bodyTooDeep });
    // Brackets inside strings (escaped quotes and backslashes too) are not nesting.
    const brackets = `{"email":"${'[{\\"\\\\'.repeat(200)}"}`;
    expect((await post('/api/material-requests', brackets)).json<ErrorBody>().error.code).toBe('VALIDATION');
  });

  it('nested thousands of levels deep answer 400, never 500, on every kind of route', async () => {
    const deep = `{"provider":"google","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    for (const url of ['/api/auth/sign-in/social', '/api/material-requests', '/api/no-such-route']) {
      const response = await post(url, deep);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorBody>().error.code, url).toBe('BODY_TOO_DEEP');
    }
  });
});
