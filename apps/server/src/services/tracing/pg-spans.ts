import type pg from 'pg';
import type { TracingKit } from './tracing.ts';

type Query = (...args: unknown[]) => unknown;

/** The statement's first word (`SELECT`, `INSERT`, `BEGIN`…), or null when it starts otherwise. */
export function operationOf(text: string): string | null {
  return /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? null;
}

/**
 * A CLIENT span for each query on the pool's connections (node-postgres's Client#query, which the
 * pool's own query, Drizzle, its transactions and the hot statements all go through), as a child of
 * the span active when it was asked for: a request's. A query outside any span (a background job,
 * the replica's lag checks, the migrations at start-up) makes none.
 *
 * The span holds the statement's text, which is parameterised (Drizzle and the hot statements send
 * every value apart), and never its values; a failure's SQLSTATE but not its message, which can quote
 * a value ("invalid input syntax for type uuid: …").
 */
export function tracePool(pool: pg.Pool, kit: TracingKit) {
  const { contexts } = kit;
  // The pool hands a connection to a waiting caller from the caller who released it: the callback
  // keeps the context it was asked in (the pool's own query comes through here too).
  const connect = pool.connect as (callback?: unknown) => unknown;
  pool.connect = function connectInContext(this: pg.Pool, callback?: unknown) {
    if (typeof callback !== 'function') return connect.call(this);
    return connect.call(this, contexts.bind(contexts.active(), callback));
  } as pg.Pool['connect'];
  pool.on('connect', (client) => traceClient(client, kit));
}

function traceClient(client: pg.PoolClient, { api, tracer, contexts }: TracingKit) {
  const query = client.query as unknown as Query;
  const traced: Query = function tracedQuery(this: pg.PoolClient, ...args) {
    const parent = contexts.active();
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const { submit, callback } = (typeof config === 'object' && config ? config : {}) as Record<
      string,
      unknown
    >;
    // Outside a request, a cursor or stream, or a query config with its own callback: as it was.
    if (!api.trace.getSpan(parent) || typeof text !== 'string' || submit || callback) {
      return query.apply(this, args);
    }
    const operation = operationOf(text);
    const span = tracer.startSpan(
      operation ? `${operation} ${client.database}` : `${client.database}`,
      {
        kind: api.SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.namespace': client.database,
          'db.query.text': text,
          ...(operation ? { 'db.operation.name': operation } : {}),
          'server.address': client.host,
          'server.port': client.port,
        },
      },
      parent,
    );
    const end = (error?: unknown) => {
      if (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
        span.setAttribute(
          'error.type',
          typeof code === 'string' ? code : error instanceof Error ? error.name : 'error',
        );
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      span.end();
    };

    const last = args.at(-1);
    if (args.length > 1 && typeof last === 'function') {
      args[args.length - 1] = function endThenCall(this: unknown, error: unknown, result: unknown) {
        end(error);
        return last.call(this, error, result);
      };
      return query.apply(this, args);
    }
    let result: unknown;
    try {
      result = query.apply(this, args);
    } catch (error) {
      end(error);
      throw error;
    }
    if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
      (result as PromiseLike<unknown>).then(() => end(), end);
    } else {
      end();
    }
    return result;
  };
  client.query = traced as pg.PoolClient['query'];
}
