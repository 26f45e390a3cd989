import type { TracingConfig } from '../../config.ts';
import { traceRequests } from './http-spans.ts';
import { tracePool } from './pg-spans.ts';
import type { Tracing, TracingKit } from './tracing.ts';

/** The most a shutdown waits for the last spans to be sent: the server's own stop allows 10 s. */
const SHUTDOWN_WAIT_MS = 5_000;

/**
 * The tracing OTEL_EXPORTER_OTLP_ENDPOINT (or its traces' own endpoint) asks for, or null without one:
 * then not one OpenTelemetry module is imported, no hook is added and no query is wrapped. With one,
 * the SDK is imported here, and the spans are batched and sent as OTLP/HTTP JSON; the exporter reads
 * the other standard OTEL_EXPORTER_OTLP_* settings itself (headers, timeout, compression, certificates).
 * Nothing is registered globally: the spans are made by this tracing's own tracer and context manager.
 */
export async function startTracing(config: TracingConfig | null): Promise<Tracing | null> {
  if (!config) return null;
  const [api, { W3CTraceContextPropagator }, { AsyncLocalStorageContextManager }, resources, sdk, otlp] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
    ]);

  // OTEL_TRACES_SAMPLER: a new trace is kept always, never or at the ratio; `parentbased_` follows
  // the caller's decision for a request that continues a trace.
  const root = config.sampler.endsWith('always_on')
    ? new sdk.AlwaysOnSampler()
    : config.sampler.endsWith('always_off')
      ? new sdk.AlwaysOffSampler()
      : new sdk.TraceIdRatioBasedSampler(config.samplerRatio);
  const sampler = config.sampler.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root }) : root;

  // The SDK's own attributes, then OTEL_RESOURCE_ATTRIBUTES, then the service's name (OTEL_SERVICE_NAME).
  const resource = resources
    .defaultResource()
    .merge(resources.detectResources({ detectors: [resources.envDetector] }))
    .merge(resources.resourceFromAttributes({ 'service.name': config.serviceName }));

  const provider = new sdk.TracerProvider({
    resource,
    sampler,
    spanProcessors: [
      new sdk.BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter({ url: config.tracesUrl }) }),
    ],
  });
  const contexts = new AsyncLocalStorageContextManager().enable();
  const kit: TracingKit = {
    api,
    tracer: provider.getTracer('quiz-points'),
    contexts,
    propagator: new W3CTraceContextPropagator(),
  };

  return {
    traceRequests: (app) => traceRequests(app, kit),
    tracePool: (pool) => tracePool(pool, kit),
    async flush() {
      await provider.forceFlush();
    },
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      });
      try {
        await Promise.race([provider.shutdown(), waited]);
      } finally {
        clearTimeout(timer);
        contexts.disable();
      }
    },
  };
}
