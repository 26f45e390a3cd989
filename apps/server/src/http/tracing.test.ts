import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAd, userSession } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { postgresKinds } from '../test/test-database.ts';
import { closedAfterEach } from '../test/use-test-app.ts';

/** One span as OTLP/HTTP JSON carries it (ids in hex), its attributes flattened to plain values. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  status: { code?: number };
  attributes: Record<string, unknown>;
  service: unknown;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttributes = { key: string; value: OtlpValue }[] | undefined;

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const STATUS_ERROR = 2;

const plainValue = (value: OtlpValue) =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
const attributesOf = (attributes: OtlpAttributes) =>
  Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, plainValue(value)]));

/**
 * A local OTLP/HTTP collector: keeps each span POSTed to /v1/traces, and every request body as it
 * came, to look for what must never be sent.
 */
async function startCollector() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const contentTypes: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      bodies.push(body);
      contentTypes.push(String(request.headers['content-type']));
      const parsed = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: OtlpAttributes };
          scopeSpans: {
            spans: (Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes: OtlpAttributes })[];
          }[];
        }[];
      };
      for (const resourceSpans of parsed.resourceSpans) {
        const service = attributesOf(resourceSpans.resource.attributes)['service.name'];
        for (const scope of resourceSpans.scopeSpans) {
          for (const span of scope.spans) {
            spans.push({
              ...span,
              parentSpanId: span.parentSpanId ?? '',
              attributes: attributesOf(span.attributes),
              service,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A JSON POST whose body is sent in two parts, 100 ms apart; resolves to the response's status. */
function postInTwoParts(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.flushHeaders();
    request.write(body.slice(0, 3));
    setTimeout(() => request.end(body.slice(3)), 100);
  });
}

/** The hooks services/tracing/http-spans.ts adds, by their functions' names. */
const TRACING_HOOKS = ['startRequestSpan', 'resumeRequestSpan', 'endRequestSpan', 'endAbortedRequestSpan'];

/** The pool behind the app's database (Drizzle's `$client`). */
const poolOf = (t: TestApp) => (t.database.db as unknown as { $client: pg.Pool }).$client;

describe.each(postgresKinds())('tracing to a local OTLP collector, on %s', (kind) => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let t: TestApp;
  beforeAll(async () => {
    collector = await startCollector();
    t = await createTestApp(kind, {
      listen: true,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, TEST_AD_WAIT_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await collector?.close();
  });

  /** The spans sent so far (the batch is sent at once rather than within 5 seconds). */
  const received = async () => {
    await t.tracing!.flush();
    return collector.spans;
  };
  const serverSpan = (spans: ReceivedSpan[], name: string) => {
    const found = spans.filter((span) => span.kind === SPAN_KIND_SERVER && span.name === name);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
    spans.filter((span) => span.parentSpanId === parent.spanId);

  it("sends a request's SERVER span, named by its route, with its PostgreSQL queries as CLIENT children", async () => {
    const { client, email } = await userSession(t);
    const ad = await createAd(t.database.db);
    const secret = 'query-secret-7c1e';
    const response = await client.raw(`/api/ads/${ad.id}/quiz?token=${secret}`);
    expect(response.status).toBe(200);

    const spans = await received();
    const server = serverSpan(spans, 'GET /api/ads/:adId/quiz');
    expect(server.parentSpanId).toBe('');
    expect(server.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(server.service).toBe('quiz-points');
    expect(server.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/ads/:adId/quiz',
      'url.scheme': 'http',
      'network.protocol.version': '1.1',
      'http.response.status_code': 200,
    });
    expect(server.status.code ?? 0).not.toBe(STATUS_ERROR);

    // The guard's session lookup (an onRequest hook) and the handler's read of the ad.
    const queries = childrenOf(spans, server);
    expect(queries.length).toBeGreaterThanOrEqual(2);
    for (const query of queries) {
      expect(query.kind).toBe(SPAN_KIND_CLIENT);
      expect(query.traceId).toBe(server.traceId);
      expect(query.attributes).toMatchObject({
        'db.system.name': 'postgresql',
        'db.namespace': new URL(t.database.url!).pathname.slice(1),
        'db.operation.name': 'SELECT',
        'server.address': '127.0.0.1',
      });
      expect(query.name).toBe(`SELECT ${query.attributes['db.namespace']}`);
    }
    expect(queries.map((query) => query.attributes['db.query.text'])).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/from "auth_sessions" .*"auth_sessions"\."token" = \$1/),
        expect.stringMatching(/from "ads" .*where "ads"\."id" = \$2$/),
      ]),
    );

    // Neither the path's id, the query string, the session cookie nor a query's values are sent.
    const cookie = client.cookieHeader();
    expect(cookie).not.toBe('');
    const sessionToken = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;
    const sent = collector.bodies.join('\n');
    for (const value of [ad.id, secret, sessionToken, email]) expect(sent).not.toContain(value);
  });

  it("continues the caller's traceparent, and keeps the queries of a request whose body is read first", async () => {
    const { client } = await userSession(t);
    const ad = await createAd(t.database.db, { correctOption: 1 });
    expect((await client.json('POST', `/api/ads/${ad.id}/click`)).status).toBe(200);

    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const callerSpanId = 'b7ad6b7169203331';
    // The body comes in two parts, the second 100 ms later: the handler runs on from its last event.
    const status = await postInTwoParts(`${t.url}/api/ads/${ad.id}/answer`, JSON.stringify({ option: 1 }), {
      cookie: client.cookieHeader(),
      origin: t.url,
      traceparent: `00-${traceId}-${callerSpanId}-01`,
    });
    expect(status).toBe(200);

    const spans = await received();
    const server = serverSpan(spans, 'POST /api/ads/:adId/answer');
    expect(server.traceId).toBe(traceId);
    expect(server.parentSpanId).toBe(callerSpanId);
    expect(server.attributes['http.response.status_code']).toBe(200);
    // The answer is one hot statement (db/hot-statement.ts), sent after the body was read.
    const queries = childrenOf(spans, server);
    expect(queries.length).toBeGreaterThanOrEqual(1);
    for (const query of queries) {
      expect(query.traceId).toBe(traceId);
      expect(query.kind).toBe(SPAN_KIND_CLIENT);
      expect(query.attributes['db.system.name']).toBe('postgresql');
    }
    expect(queries.some((query) => /\$1/.test(String(query.attributes['db.query.text'])))).toBe(true);
    // A request without a traceparent starts a trace of its own.
    const click = serverSpan(spans, 'POST /api/ads/:adId/click');
    expect(click.traceId).not.toBe(traceId);
    expect(click.parentSpanId).toBe('');
    expect(childrenOf(spans, click).length).toBeGreaterThanOrEqual(1);
  });

  it('names a request no route matched by its method alone, with its status and no path', async () => {
    const secret = 'path-secret-90d2';
    const response = await fetch(`${t.url}/api/no-such-thing/${secret}?q=${secret}`);
    expect(response.status).toBe(404);
    const spans = await received();
    const server = serverSpan(spans, 'GET');
    expect(server.attributes['http.response.status_code']).toBe(404);
    expect(server.attributes).not.toHaveProperty('http.route');
    expect(collector.bodies.join('\n')).not.toContain(secret);
  });

  it('makes no span for a query outside any request (jobs, checks, start-up)', async () => {
    const before = (await received()).length;
    await poolOf(t).query('select 1');
    await createAd(t.database.db);
    expect((await received()).length).toBe(before);
  });

  it('sends OTLP/HTTP JSON and hooks the app and its pool', async () => {
    expect(collector.contentTypes.every((type) => type === 'application/json')).toBe(true);
    const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
    for (const hook of TRACING_HOOKS) expect(routes).toContain(`"${hook}()"`);
    expect(poolOf(t).connect).not.toBe(pg.Pool.prototype.connect);
  });
});

describe.each(postgresKinds())('without an OTLP endpoint, on %s', (kind) => {
  const closed = closedAfterEach();

  it('adds no hook and wraps no query: tracing costs nothing', async () => {
    const t = closed(await createTestApp(kind));
    expect(t.config.tracing).toBeNull();
    expect(t.tracing).toBeNull();
    const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
    expect(routes).toContain('/:adId/quiz (GET)');
    for (const hook of TRACING_HOOKS) expect(routes).not.toContain(hook);
    const pool = poolOf(t);
    expect(pool.connect).toBe(pg.Pool.prototype.connect);
    expect(pool.listenerCount('connect')).toBe(1);
  });
});
