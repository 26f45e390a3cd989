import {
  type Audience,
  DomainError,
  type Endpoint,
  type ParamsOf,
  type ParsedBodyOf,
  type QueryOf,
  type ResponseOf,
} from '@quiz-points/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../domain/user-row.ts';
import type { Guards } from './guards.ts';
import { isConsoleWrite, type ReadRouting } from './read-routing.ts';

/** What each audience's guard hands the handler. */
interface Viewers {
  anyone: null;
  signedIn: UserRow;
  googleUser: UserRow;
  member: UserRow;
  /** The session token, its signature checked; the action's own statement applies the member rule. */
  memberSession: { sessionToken: string };
  advertiser: UserRow;
  advertiserOrAdmin: { user: UserRow; isAdmin: boolean };
  admin: UserRow;
}
export type ViewerOf<A extends Audience> = Viewers[A];

/**
 * An endpoint declared `reads: 'replica'` gets `reader`: the database its lag-tolerant reads go to
 * (the replica while it keeps up; http/read-routing.ts). Any other handler has no `reader` at all,
 * so a write or a balance cannot be sent to the replica by mistake.
 */
type ReaderOf<E extends Endpoint> = E extends { reads: 'replica' }
  ? { reader: Database }
  : { reader?: never };

/** A handler's input: parsed and typed by the endpoint's own schemas before it runs. */
export type RouteContext<E extends Endpoint> = {
  viewer: ViewerOf<E['audience']>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: ParsedBodyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
} & ReaderOf<E>;

export interface Route {
  endpoint: Endpoint;
  handle(context: RouteContext<Endpoint>): Promise<unknown>;
}

/**
 * Binds a handler to its declared endpoint. The handler answers with the declared response type,
 * or sends through `reply` itself (a prepared JSON string, a redirect).
 */
export function defineRoute<E extends Endpoint>(
  endpoint: E,
  handle: (context: RouteContext<E>) => Promise<ResponseOf<E> | FastifyReply>,
): Route {
  return { endpoint, handle: handle as Route['handle'] };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What the route group's guard found (see ViewerOf); null where anyone may call. */
    viewer: unknown;
  }
  interface FastifyContextConfig {
    /** The declaration a route was registered from (the route table and the test suites read it). */
    endpoint?: Endpoint;
  }
}

/**
 * Each audience's guard, run once per request by its route group's onRequest hook (null: anyone may
 * call). A table by audience, so a new audience without a guard is a type error.
 */
function guardsByAudience(
  guards: Guards,
): Record<Audience, ((request: FastifyRequest) => Promise<unknown>) | null> {
  return {
    anyone: null,
    signedIn: guards.requireSignedIn,
    googleUser: guards.requireUser,
    member: guards.requireMember,
    memberSession: async (request) => ({ sessionToken: await guards.sessionToken(request) }),
    advertiser: guards.requireAdvertiser,
    advertiserOrAdmin: guards.requireAdvertiserOrAdmin,
    admin: guards.requireAdmin,
  };
}

function parseParams(endpoint: Endpoint, params: unknown) {
  if (!endpoint.params) return undefined;
  const parsed = endpoint.params.safeParse(params);
  if (!parsed.success) throw new DomainError('NOT_FOUND', endpoint.notFound);
  return parsed.data;
}

/** Thrown (in tests) when a success answers something its declaration does not describe. */
export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

/**
 * Checks a success's JSON against the endpoint's response schema: `checkResponses` turns it on for
 * the test app, so every HTTP test is also a contract test of what it calls. Prepared JSON strings
 * (the hot paths) are checked like any other answer.
 */
async function checkResponse(endpoint: Endpoint, reply: FastifyReply, payload: unknown) {
  const schema = endpoint.response;
  if (!schema || reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string')
    return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const parsed = schema.safeParse(JSON.parse(payload));
  if (!parsed.success) {
    const where = `${endpoint.method} ${endpoint.path}`;
    const error = new ResponseContractError(
      `${where} answered outside its declared response: ${parsed.error.message}`,
    );
    // Loud in a test run (test/fail-on-console-error.ts fails the test), whatever status it expected.
    console.error(error.message);
    throw error;
  }
  return payload;
}

export interface RouteOptions {
  /** Check every success against its declared response (the test app; never in production). */
  checkResponses?: boolean;
  /** Where `reads: 'replica'` endpoints read (required when a route declares it; http/read-routing.ts). */
  reads?: ReadRouting;
}

function toFastifyRoute({ endpoint, handle }: Route, options: RouteOptions) {
  const status = endpoint.status;
  const { reads } = options;
  if (endpoint.reads === 'replica' && !reads) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} reads from the replica: registerRoutes needs \`reads\``,
    );
  }
  const afterWrite = isConsoleWrite(endpoint) ? reads?.afterWrite : undefined;
  const onSend = [
    ...(options.checkResponses
      ? [
          async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
            checkResponse(endpoint, reply, payload),
        ]
      : []),
    ...(afterWrite
      ? [
          async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            afterWrite(reply);
            return payload;
          },
        ]
      : []),
  ];
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint },
    ...(onSend.length > 0 ? { onSend } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const params = parseParams(endpoint, request.params);
      // A ZodError leaves as VALIDATION with the schema's own Japanese message (error-handler.ts).
      const query = endpoint.query?.parse(request.query);
      // An upload's bytes as its parser kept them (none sent: no bytes); a JSON body by its schema.
      const body = endpoint.upload
        ? request.body instanceof Uint8Array
          ? request.body
          : new Uint8Array()
        : endpoint.body?.parse(request.body);
      if (status) reply.status(status);
      return handle({
        viewer: request.viewer,
        params,
        query,
        body,
        request,
        reply,
        ...(endpoint.reads === 'replica' && reads ? { reader: reads.readerFor(request) } : {}),
      } as RouteContext<Endpoint>);
    },
  };
}

/**
 * Registers routes grouped by audience: each group is one Fastify scope whose onRequest hook runs
 * that audience's guard, so no handler can forget it and a refused caller never reaches the body.
 */
export async function registerRoutes(
  app: FastifyInstance,
  guards: Guards,
  routes: readonly Route[],
  options: RouteOptions = {},
) {
  if (!app.hasRequestDecorator('viewer')) app.decorateRequest('viewer', null);
  const byAudience = new Map<Audience, Route[]>();
  for (const route of routes) {
    const group = byAudience.get(route.endpoint.audience);
    if (group) group.push(route);
    else byAudience.set(route.endpoint.audience, [route]);
  }
  const guardOf = guardsByAudience(guards);
  for (const [audience, group] of byAudience) {
    const guard = guardOf[audience];
    await app.register(async (scope) => {
      if (guard) {
        scope.addHook('onRequest', async (request) => {
          request.viewer = await guard(request);
        });
      }
      for (const route of group) {
        if (route.endpoint.upload) await registerUpload(scope, route, route.endpoint.upload, options);
        else scope.route(toFastifyRoute(route, options));
      }
    });
  }
}

/**
 * An upload route in a scope of its own, under its audience's guard: there the body is
 * taken raw, of the declared media types (`image/*` any image) and up to the declared size, and no
 * other parser (JSON, the app's 64 KB) applies. A larger body is refused with the declaration's
 * error as soon as its length says so (error-handler.ts).
 */
async function registerUpload(
  scope: FastifyInstance,
  route: Route,
  upload: NonNullable<Endpoint['upload']>,
  options: RouteOptions,
) {
  const mediaTypes = upload.mediaTypes.map((type) =>
    type.endsWith('/*') ? new RegExp(`^${type.slice(0, -1).replace(/[.+]/g, '\\$&')}[^;\\s]+`) : type,
  );
  await scope.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    for (const mediaType of mediaTypes) {
      uploads.addContentTypeParser(
        mediaType,
        { parseAs: 'buffer', bodyLimit: upload.maxBytes },
        (_request, body, done) => done(null, body),
      );
    }
    uploads.route({ ...toFastifyRoute(route, options), bodyLimit: upload.maxBytes });
  });
}
