import type { z } from 'zod';

/**
 * Who may call an endpoint. The server's guards decide each one (apps/server/src/http/guards.ts);
 * the access suite derives who must be refused from it.
 */
export type Audience =
  /** No session needed. */
  | 'anyone'
  /** Anyone signed in, whatever their kind (withdrawal). */
  | 'signedIn'
  /** Signed in with Google and not suspended; signup may still be pending (signup itself needs this). */
  | 'googleUser'
  /** A member: signup completed, 18 or over. The guard reads the person's row. */
  | 'member'
  /**
   * A member, decided inside the action's own single statement (the hot paths): the guard checks only
   * the session cookie's signature, and the statement looks the session up and applies the member rule.
   */
  | 'memberSession'
  | 'advertiser'
  /** An advertiser, or the admin (who may place house ads at no charge). */
  | 'advertiserOrAdmin'
  | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response type, carried in the declaration for the web's fetchers (never sent or checked at run time). */
export interface ResponseType<T> {
  readonly __response?: T;
}
export const responseOf = <T>(): ResponseType<T> => ({});

/**
 * One endpoint, declared once: method, path, audience and the zod schemas of its path params, query
 * and body. The server registers it (http/define-route.ts), the web fetches with it, and the access
 * and bad-input suites read it.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly audience: Audience;
  /** The path's `:params`. A value that does not parse answers 404 (as if it did not exist). */
  readonly params?: z.ZodType;
  /** The Japanese message of that 404 (default: the table's NOT_FOUND message). */
  readonly notFound?: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * A valid body (or query) for the tests: the bad-input suite breaks it field by field, the access
   * suite sends it. Where a valid body needs ids from the test's world, the suite supplies it instead.
   */
  readonly example?: { body?: unknown; query?: Record<string, string> };
  /** The success status when it is not 200 (201 for a created resource). */
  readonly status?: 200 | 201 | 204;
  readonly response?: ResponseType<unknown>;
}

/** Declares an endpoint; the literal types are kept (audience, path) for the route's context. */
export const endpoint = <const E extends Endpoint>(spec: E): E => spec;

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
export type ParamsOf<E extends Endpoint> = OutputOf<E['params']>;
export type QueryOf<E extends Endpoint> = OutputOf<E['query']>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ParsedBodyOf<E extends Endpoint> = OutputOf<E['body']>;
export type ResponseOf<E extends Endpoint> = E['response'] extends ResponseType<infer T> ? T : unknown;

/** The path with its `:params` filled in (each value URI-encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter :${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
