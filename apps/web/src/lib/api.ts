import { type ErrorBody, coreMessages as messages } from '@quiz-points/shared';

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

/** JSON over fetch. Network failures and error bodies both become an ApiError with a Japanese message. */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; keepalive?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      keepalive: init.keepalive,
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
