import { type ErrorBody, messages } from '@quiz-points/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app.ts';

const refused = { code: 'INVALID_CHARACTERS', message: messages.invalidCharacters };

describe('text a database cannot store', () => {
  const t = useTestApp();

  const post = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it('is refused in a JSON body: a lone surrogate in a value or a key, at any depth, or a NUL', async () => {
    const inside = (value: string) => `{"path":"/","x":${'['.repeat(30)}${value}${']'.repeat(30)}}`;
    for (const body of [
      '{"path":"/\\ud800"}',
      '{"path":"/\\udc00x"}',
      '{"path":"/","\\ud800":1}',
      inside('"\\ud800"'),
      inside('"a\\u0000b"'),
    ]) {
      const response = await post('/api/analytics/page-views', body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json<ErrorBody>().error, body).toEqual(refused);
    }
    // Surrogate pairs (emoji, rare kanji) are text.
    expect((await post('/api/analytics/page-views', '{"path":"/\\ud83d\\ude00𠮷"}')).statusCode).toBe(204);
  });

  it('is refused for routes no shared schema reads (the identity endpoints)', async () => {
    const response = await post('/api/auth/sign-in/social', '{"provider":"google","callbackURL":"/\\ud800"}');
    expect(response.json<ErrorBody>().error).toEqual(refused);
  });

  it('is refused in an API query whose %-escapes are not UTF-8, or in any query holding a NUL', async () => {
    for (const url of [
      '/api/zip-codes/1000001?x=%ED%A0%80',
      '/api/zip-codes/1000001?x=100%',
      '/?ref=a%00b',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorBody>().error, url).toEqual(refused);
    }
    // A page's query is the browser app's: a hand-typed stray % still opens the page.
    for (const url of ['/?ref=100%25&q=%E3%82%AF', '/?ref=100%', '/?ref=%FF']) {
      expect((await t.app.inject(url)).statusCode, url).toBe(200);
    }
  });
});
