import type { BodyOf, Endpoint, ErrorBody, ParamsOf, ResponseOf } from '@quiz-points/shared';
import { coreMessages as messages } from '@quiz-points/shared';
import type { z } from 'zod';

/** A failed API call, carrying the Japanese message to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Fired when the server refuses someone who has not finished signup (or is under 18): the layout
 * then sends the browser to signup, whichever page asked.
 */
export const SIGNUP_REQUIRED_EVENT = 'signupRequired';

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/** How a call reaches the server: the browser's fetch, or the server's own rendering (setApiTransport). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * The server's rendering of a member's page (entry-server.tsx) answers the app's calls itself,
 * through its own routes, instead of over the network: the same queries, the same answers.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** What a call sends: the path's params, the query and the JSON body (a write without one sends `{}`). */
export interface ApiInput {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  keepalive?: boolean;
}

/**
 * JSON over fetch, to a route written as the server declares it ('POST /api/ads/:adId/click').
 * Network failures and error bodies both become an ApiError with a Japanese message.
 */
export async function apiFetch<T>(
  route: string,
  { params, query, body, keepalive }: ApiInput = {},
): Promise<T> {
  const [method, template] = route.split(' ') as [string, string];
  const search = query ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params![name]!)) + search;
  const json = method === 'GET' ? undefined : JSON.stringify(body ?? {});
  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json,
      credentials: 'same-origin',
      keepalive,
    });
  } catch {
    throw new ApiError(messages.networkFailed, 0, 'NETWORK');
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(data)) {
      if (data.error.code === 'SIGNUP_REQUIRED') window.dispatchEvent(new Event(SIGNUP_REQUIRED_EVENT));
      throw new ApiError(data.error.message, response.status, data.error.code);
    }
    throw new ApiError(messages.genericErrorSentence, response.status, 'UNKNOWN');
  }
  return data as T;
}

type InputOf<E extends Endpoint> = { keepalive?: boolean } & (ParamsOf<E> extends undefined
  ? unknown
  : { params: { [K in keyof ParamsOf<E>]: string } }) &
  (E['query'] extends z.ZodType
    ? object extends z.input<E['query']>
      ? { query?: z.input<E['query']> }
      : { query: z.input<E['query']> }
    : unknown) &
  (E['body'] extends z.ZodType ? { body: BodyOf<E> } : unknown);

/**
 * A call to a declared endpoint (packages/shared/src/<area>/endpoints.ts), typed by its declaration: the route must
 * be the declared one, the params, query and body its schemas' input, the answer its response. Only
 * the declaration's type is imported, so the browser loads none of the server's schemas.
 *
 *     callApi<typeof api.gifts.requestGift>('POST /api/gift-requests', { body })
 */
export const callApi = apiFetch as <E extends Endpoint>(
  route: `${E['method']} ${E['path']}`,
  ...input: object extends InputOf<E> ? [InputOf<E>?] : [InputOf<E>]
) => Promise<ResponseOf<E>>;
