import type * as otel from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * OpenTelemetry tracing (docs/decisions/042-tracing.md): made only when an OTLP endpoint is set
 * (start-tracing.ts); without one the app holds none, and nothing of it runs or is even loaded.
 * The instrumentation is explicit, not an import hook (the server is one esbuild bundle).
 */
export interface Tracing {
  /** One SERVER span per request, around its hooks and handler (http-spans.ts): register it first. */
  traceRequests(app: FastifyInstance): void;
  /** One CLIENT span per query on this pool's connections, inside the request's span (pg-spans.ts). */
  tracePool(pool: pg.Pool): void;
  /** Sends the spans queued so far (the batches otherwise leave every 5 seconds). */
  flush(): Promise<void>;
  /** Sends the spans still queued (waiting at most 5 seconds), then stops. */
  shutdown(): Promise<void>;
}

/** What the span makers share: the SDK's tracer, the request context and the API's helpers. */
export interface TracingKit {
  /** `@opentelemetry/api`, imported with the SDK, never before. */
  api: typeof otel;
  tracer: otel.Tracer;
  /** The AsyncLocalStorage context manager: which span a query belongs to. */
  contexts: otel.ContextManager;
  /** W3C `traceparent`/`tracestate`: a request continues its caller's trace. */
  propagator: otel.TextMapPropagator;
}
