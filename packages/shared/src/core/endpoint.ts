import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { type ParamsSchemaOf, paramsSchemaOf } from './path-params.ts';

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

/** What an endpoint may declare beyond its route and audience. */
export interface EndpointOptions {
  /** The Japanese message of the 404 for a path param that does not parse (default: the table's NOT_FOUND message). */
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
  /**
   * 'replica': a console read that tolerates a few seconds of lag, so the server may answer it from
   * a read-only replica (docs/decisions/029-replica-reads.md). Never on a write, a member's own
   * balance or anything read to be written back; http/read-routing.test.ts keeps the list.
   */
  readonly reads?: 'replica';
  /**
   * A raw upload instead of a JSON body (an ad's image): the media types the route takes
   * (`image/*` for any image; JSON is refused there), the largest body, and the error a larger one
   * gets. The handler receives the bytes as sent; what they are is for the domain to find out.
   */
  readonly upload?: {
    readonly mediaTypes: readonly string[];
    readonly maxBytes: number;
    readonly tooLarge: ErrorCode;
  };
}

/**
 * One endpoint, declared once: its route ('POST /api/gift-requests'), audience and the zod schemas of
 * its query and body; its path params' schemas come from the path (path-params.ts). The server
 * registers it (http/define-route.ts), the web fetches with it, and the access and bad-input suites
 * read it.
 */
export interface Endpoint extends EndpointOptions {
  readonly method: HttpMethod;
  readonly path: string;
  readonly audience: Audience;
  /** The path's `:params`, from pathParams by name. */
  readonly params?: z.ZodType;
  /**
   * What a success answers (none for a 204 or a redirect): the web's fetchers take their type from
   * it, and the test app checks every 2xx answer against it (http/define-route.ts).
   */
  readonly response?: z.ZodType;
}

type Route = `${HttpMethod} /${string}`;
type PathOf<R extends Route> = R extends `${HttpMethod} ${infer P}` ? P : never;
type MethodOf<R extends Route> = R extends `${infer M extends HttpMethod} ${string}` ? M : never;

/**
 * Declares an endpoint: its route, who may call it, what a success answers (`null`: no body) and
 * what else it takes. The literal types are kept for the route's context and the web's fetchers.
 */
export function endpoint<
  const R extends Route,
  const A extends Audience,
  const S extends z.ZodType | null,
  const O extends EndpointOptions = Record<never, never>,
>(
  route: R,
  audience: A,
  response: S,
  options?: O,
): O & {
  method: MethodOf<R>;
  path: PathOf<R>;
  audience: A;
  params: ParamsSchemaOf<PathOf<R>>;
  response: S extends z.ZodType ? S : undefined;
} {
  const space = route.indexOf(' ');
  const path = route.slice(space + 1) as PathOf<R>;
  return {
    ...(options as O),
    method: route.slice(0, space) as MethodOf<R>,
    path,
    audience,
    params: paramsSchemaOf(path),
    response: (response ?? undefined) as S extends z.ZodType ? S : undefined,
  };
}

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
export type ParamsOf<E extends Endpoint> = OutputOf<E['params']>;
export type QueryOf<E extends Endpoint> = OutputOf<E['query']>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ParsedBodyOf<E extends Endpoint> = E extends { upload: object }
  ? Uint8Array
  : OutputOf<E['body']>;
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** The path with its `:params` filled in (each value URI-encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter :${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
