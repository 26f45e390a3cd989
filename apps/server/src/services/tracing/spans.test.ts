import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import Fastify from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresKinds } from '../../test/test-database.ts';
import { closedAfterEach } from '../../test/use-test-app.ts';
import { traceRequests } from './http-spans.ts';
import { operationOf, tracePool } from './pg-spans.ts';
import type { TracingKit } from './tracing.ts';

/** The span makers with an SDK that keeps each span in memory as it ends. */
function memoryKit() {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const contexts = new AsyncLocalStorageContextManager().enable();
  const kit: TracingKit = {
    api,
    tracer: provider.getTracer('test'),
    contexts,
    propagator: new W3CTraceContextPropagator(),
  };
  return { kit, spans: () => exporter.getFinishedSpans(), close: () => contexts.disable() };
}

const kits: ReturnType<typeof memoryKit>[] = [];
afterEach(() => {
  for (const kit of kits.splice(0)) kit.close();
});
const newKit = () => {
  const made = memoryKit();
  kits.push(made);
  return made;
};

describe('http-spans', () => {
  it('marks a 5xx an error, and the handler runs inside its span', async () => {
    const { kit, spans } = newKit();
    const app = Fastify();
    traceRequests(app, kit);
    let active: string | undefined;
    app.get('/boom/:id', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      active = api.trace.getSpan(kit.contexts.active())?.spanContext().spanId;
      throw new Error('the handler failed');
    });
    const response = await app.inject({ url: '/boom/42?x=1', headers: { cookie: 'session=abc' } });
    expect(response.statusCode).toBe(500);

    const [span] = spans();
    expect(span?.name).toBe('GET /boom/:id');
    expect(span?.kind).toBe(api.SpanKind.SERVER);
    expect(span?.status.code).toBe(api.SpanStatusCode.ERROR);
    expect(span?.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/boom/:id',
      'url.scheme': 'http',
      'network.protocol.version': '1.1',
      'http.response.status_code': 500,
      'error.type': '500',
    });
    expect(span?.events).toEqual([]);
    expect(active).toBe(span?.spanContext().spanId);
    await app.close();
  });

  it('leaves a 4xx unmarked and ignores a malformed traceparent', async () => {
    const { kit, spans } = newKit();
    const app = Fastify();
    traceRequests(app, kit);
    app.post('/things', async (_request, reply) => reply.code(409).send({ error: 'taken' }));
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x' },
      headers: { traceparent: '00-not-a-trace-01' },
    });
    expect(response.statusCode).toBe(409);
    const [span] = spans();
    expect(span?.name).toBe('POST /things');
    expect(span?.status.code).toBe(api.SpanStatusCode.UNSET);
    expect(span?.attributes['http.response.status_code']).toBe(409);
    expect(span?.parentSpanContext).toBeUndefined();
    await app.close();
  });
});

describe('operationOf', () => {
  it.each([
    ['select 1', 'SELECT'],
    ['\n  INSERT into x values ($1)', 'INSERT'],
    ['with a as (select 1) select * from a', 'WITH'],
    ['(select 1) union (select 2)', null],
  ])('%j is %s', (text, operation) => {
    expect(operationOf(text)).toBe(operation);
  });
});

describe.each(postgresKinds())('pg-spans on %s', (kind) => {
  const closed = closedAfterEach();

  /** A traced pool of one connection on a fresh database. */
  async function tracedPool(kit: TracingKit) {
    const database = await createTestDatabase(kind);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    tracePool(pool, kit);
    closed({
      async close() {
        await pool.end();
        await database.close();
      },
    });
    return pool;
  }

  /** Runs `work` as if inside a request: under a span of its own, which it returns. */
  function inRequest<T>(kit: TracingKit, name: string, work: () => Promise<T>) {
    const span = kit.tracer.startSpan(name);
    const result = kit.contexts.with(api.trace.setSpan(api.ROOT_CONTEXT, span), work);
    return { span, result: result.finally(() => span.end()) };
  }

  it('parents a query that waited for a connection on the request that asked, not the one that released it', async () => {
    const { kit, spans } = newKit();
    const pool = await tracedPool(kit);
    let releaseFirst!: () => void;
    const holding = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = inRequest(kit, 'first', async () => {
      const client = await pool.connect();
      await client.query('select 1 as first');
      await holding;
      client.release();
    });
    // The only connection is taken: the second request's query waits until the first releases it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = inRequest(kit, 'second', () =>
      pool.query('select $1::text as second', ['secret-value-5b']),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseFirst();
    await Promise.all([first.result, second.result]);

    const queries = spans().filter((span) => span.kind === api.SpanKind.CLIENT);
    const parentOf = (text: string) =>
      queries.find((span) => span.attributes['db.query.text'] === text)?.parentSpanContext?.spanId;
    expect(parentOf('select 1 as first')).toBe(first.span.spanContext().spanId);
    expect(parentOf('select $1::text as second')).toBe(second.span.spanContext().spanId);
    expect(JSON.stringify(queries.map((span) => span.attributes))).not.toContain('secret-value-5b');
  });

  it("records a failure's SQLSTATE, never its message, and no span outside a request", async () => {
    const { kit, spans } = newKit();
    const pool = await tracedPool(kit);
    await pool.query('select 1 as outside');
    const failing = inRequest(kit, 'request', () => pool.query("select 'secret-text-8d'::uuid"));
    await expect(failing.result).rejects.toThrow(/secret-text-8d/);

    const queries = spans().filter((span) => span.kind === api.SpanKind.CLIENT);
    expect(queries).toHaveLength(1);
    const [failed] = queries;
    expect(failed?.name).toMatch(/^SELECT qp_test_/);
    expect(failed?.status).toEqual({ code: api.SpanStatusCode.ERROR });
    expect(failed?.attributes['db.response.status_code']).toBe('22P02');
    expect(failed?.attributes['error.type']).toBe('22P02');
    expect(failed?.events).toEqual([]);
  });
});
