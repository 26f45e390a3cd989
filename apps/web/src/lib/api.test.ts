import { type api, messages } from '@quiz-points/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, callApi } from './api.ts';

function answerWith(status: number, body?: unknown) {
  const fetch = vi.fn(async (_path: string, _init: RequestInit) =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('fills the path params encoded, sends the body as JSON and returns the answer', async () => {
    const fetch = answerWith(200, { correct: true, points: 5 });
    const answer = await callApi<typeof api.earning.answerAdQuiz>('POST /api/ads/:adId/answer', {
      params: { adId: 'a/b c' },
      body: { option: 2 },
    });
    expect(answer).toEqual({ correct: true, points: 5 });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/ads/a%2Fb%20c/answer');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"option":2}');
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('sends a query, and no body with a GET', async () => {
    const fetch = answerWith(200, { responses: [] });
    await callApi<typeof api.admin.checkRewards>('GET /api/admin/reward-check', {
      query: { email: 'a+b@example.com' },
    });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/admin/reward-check?email=a%2Bb%40example.com');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends an empty JSON object with a write that has no body', async () => {
    const fetch = answerWith(200, { success: true, reward: 3 });
    await callApi<typeof api.earning.claimDailyGacha>('POST /api/gacha/claim');
    expect(fetch.mock.calls[0]![1].body).toBe('{}');
  });

  it('answers undefined for 204', async () => {
    answerWith(204);
    const answer = await callApi<typeof api.visitors.recordPageView>('POST /api/analytics/page-views', {
      body: { path: '/' },
    });
    expect(answer).toBeUndefined();
  });

  it('turns an error body into an ApiError with its Japanese message, and a lost network into another', async () => {
    answerWith(409, { error: { code: 'CONFLICT', message: messages.adAlreadyAnswered } });
    const refused = await callApi<typeof api.earning.claimDailyGacha>('POST /api/gacha/claim').catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect([refused.status, refused.code, refused.message]).toEqual([
      409,
      'CONFLICT',
      messages.adAlreadyAnswered,
    ]);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const lost = (await apiFetch('GET /api/me').catch((e) => e)) as ApiError;
    expect([lost.status, lost.code]).toEqual([0, 'NETWORK']);
  });

  it('is checked against the declaration by the compiler', () => {
    // Each line below is a type error (tsc -b runs over the tests): a route, body or param that is not
    // the declaration's. They are never called.
    type Answer = typeof api.earning.answerDailyQuiz;
    const misuses = [
      // @ts-expect-error the declared route is 'POST /api/gacha/claim'
      () => callApi<typeof api.earning.claimDailyGacha>('GET /api/gacha/claim'),
      // @ts-expect-error the answer's body is required
      () => callApi<Answer>('POST /api/daily-quiz/answer'),
      // @ts-expect-error the body's option is a number
      () => callApi<Answer>('POST /api/daily-quiz/answer', { body: { option: 'a' } }),
      // @ts-expect-error the click needs its :adId
      () => callApi<typeof api.earning.clickAd>('POST /api/ads/:adId/click'),
    ];
    expect(misuses).toHaveLength(4);
  });
});
