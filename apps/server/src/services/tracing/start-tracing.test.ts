import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTracing } from './start-tracing.ts';

/** Each OpenTelemetry package, noted here as it is imported (then imported for real). */
const imported = vi.hoisted(() => new Set<string>());
vi.mock('@opentelemetry/api', async (original) => {
  imported.add('api');
  return original();
});
vi.mock('@opentelemetry/core', async (original) => {
  imported.add('core');
  return original();
});
vi.mock('@opentelemetry/context-async-hooks', async (original) => {
  imported.add('context-async-hooks');
  return original();
});
vi.mock('@opentelemetry/resources', async (original) => {
  imported.add('resources');
  return original();
});
vi.mock('@opentelemetry/sdk-trace', async (original) => {
  imported.add('sdk-trace');
  return original();
});
vi.mock('@opentelemetry/exporter-trace-otlp-http', async (original) => {
  imported.add('exporter-trace-otlp-http');
  return original();
});

describe('startTracing', () => {
  it('without an OTLP endpoint, or with OTEL_SDK_DISABLED=true, imports no OpenTelemetry package', async () => {
    for (const env of [
      {},
      { OTEL_EXPORTER_OTLP_ENDPOINT: '' },
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' },
    ]) {
      expect(await startTracing(loadConfig(env).tracing)).toBeNull();
    }
    expect([...imported]).toEqual([]);
  });

  it('with one, imports the SDK then', async () => {
    const tracing = await startTracing(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }).tracing,
    );
    expect(tracing).not.toBeNull();
    expect([...imported].sort()).toEqual([
      'api',
      'context-async-hooks',
      'core',
      'exporter-trace-otlp-http',
      'resources',
      'sdk-trace',
    ]);
    await tracing?.shutdown();
  });
});
