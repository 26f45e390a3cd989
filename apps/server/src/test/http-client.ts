import type { ErrorBody } from '@quiz-points/shared';

/** A tiny cookie-keeping HTTP client for integration tests against a listening test app. */
export class TestHttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same signed-in browser talking to another instance of the app (cookies are shared). */
  on(baseUrl: string): TestHttpClient {
    return new TestHttpClient(baseUrl, this.cookies);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, no redirect following. */
  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const headers = new Headers(init.headers);
    if (url.origin === new URL(this.baseUrl).origin && this.cookies.size > 0)
      headers.set('cookie', this.cookieHeader());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(response);
    return response;
  }

  /** Follows redirects (keeping cookies) and returns the last response and its URL. */
  async follow(path: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let url = new URL(path, this.baseUrl).toString();
    let response = await this.raw(url, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 20; hops++) {
      url = new URL(response.headers.get('location') ?? '/', url).toString();
      await response.arrayBuffer();
      response = await this.raw(url);
    }
    return { response, url };
  }

  async json<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await this.raw(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
}

/**
 * Signs in as a Google user through the real OpenID Connect flow against the app's development
 * provider: creates the test account on its login page if needed. Returns where the browser ends
 * up (with `reauthenticate`, the provider is asked for a fresh login, as withdrawal does).
 */
export async function googleSignIn(
  client: TestHttpClient,
  email: string,
  options: { name?: string; reauthenticate?: boolean } = {},
): Promise<URL> {
  const start = await client.json<{ url: string }>('POST', '/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/',
    newUserCallbackURL: '/signup',
    errorCallbackURL: '/?signin=failed',
    ...(options.reauthenticate ? { additionalParams: { prompt: 'login', max_age: '0' } } : {}),
  });
  if (start.status !== 200)
    throw new Error(`sign-in did not start: ${start.status} ${JSON.stringify(start.body)}`);
  const login = await client.follow(start.body.url);
  // With a live provider session (as with Google), the provider signs in again without asking.
  if (!new URL(login.url).pathname.includes('/interaction/')) {
    await login.response.arrayBuffer();
    return new URL(login.url);
  }
  await login.response.text();
  const done = await client.follow(`${new URL(login.url).pathname}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: options.name ?? 'テスト ユーザー' }).toString(),
  });
  await done.response.arrayBuffer();
  return new URL(done.url);
}

/** `googleSignIn`, answering the path the app lands on. */
export async function signInWithGoogle(client: TestHttpClient, email: string, name = 'テスト ユーザー') {
  return (await googleSignIn(client, email, { name })).pathname;
}

/** The JSON body of every error answer. */
export type ErrorReply = ErrorBody;
