import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { productionEnv } from './test/production-app.ts';

const production = productionEnv;

describe('loadConfig', () => {
  it('defaults to PGlite, captured mail and the real 30-second wait', () => {
    const config = loadConfig({});
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.transport).toBe('capture');
    expect(config.adWaitSeconds).toBe(30);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.database).toEqual({ kind: 'postgres', url: productionEnv.DATABASE_URL });
  });

  it.each([
    ['the mail stand-in', { MAIL_TRANSPORT: 'capture' }, /mail stand-in/],
    ['the development secret', { AUTH_SECRET: undefined }, /AUTH_SECRET/],
    ['PGlite', { DATABASE_URL: undefined }, /DATABASE_URL/],
    ['a missing public URL', { PUBLIC_URL: undefined }, /PUBLIC_URL/],
    ['a plain-http public URL', { PUBLIC_URL: 'http://quiz-points.example' }, /PUBLIC_URL must be https/],
    ['the development Google client id', { GOOGLE_CLIENT_ID: undefined }, /GOOGLE_CLIENT_ID must be set/],
    [
      'the development Google client secret',
      { GOOGLE_CLIENT_SECRET: undefined },
      /GOOGLE_CLIENT_SECRET must be set/,
    ],
    ['a shortened wait', { TEST_AD_WAIT_SECONDS: '1' }, /TEST_AD_WAIT_SECONDS/],
    ['the development identity provider', { GOOGLE_DISCOVERY_URL: undefined }, /identity provider/],
    ['the SMS stand-in', { SMS_PROVIDER: 'capture' }, /SMS stand-in/],
    ['the payment stand-in', { PAYMENT_PROVIDER: 'local' }, /payment stand-in/],
    ['Stripe without its keys', { STRIPE_WEBHOOK_SECRET: undefined }, /STRIPE_WEBHOOK_SECRET/],
    [
      'no invoice registration number',
      { INVOICE_REGISTRATION_NUMBER: undefined },
      /INVOICE_REGISTRATION_NUMBER/,
    ],
    ['no invoice issuer name', { INVOICE_ISSUER_NAME: undefined }, /INVOICE_ISSUER_NAME must be set/],
    ['the development gift-code key', { GIFT_CODE_KEY: undefined }, /GIFT_CODE_KEY must be set/],
    ['a gift-code key of the wrong size', { GIFT_CODE_KEY: 'c2hvcnQ=' }, /GIFT_CODE_KEY/],
    ['the image folder stand-in', { IMAGE_STORAGE: 'folder' }, /image folder stand-in/],
    ['S3 without its bucket', { S3_BUCKET: undefined }, /IMAGE_STORAGE=s3 needs S3_BUCKET/],
  ])('refuses to start in production with %s', (_name, override, pattern) => {
    expect(() => loadConfig({ ...production, ...override })).toThrow(pattern);
  });

  it('reads a replica for the console reads beside PostgreSQL, with a lag bound of 10 seconds unless set', () => {
    const replicaUrl = 'postgres://app@replica.internal:5432/quiz_points';
    expect(loadConfig({ ...production, DATABASE_REPLICA_URL: replicaUrl }).database).toEqual({
      kind: 'postgres',
      url: productionEnv.DATABASE_URL,
      replica: { url: replicaUrl, maxLagSeconds: 10 },
    });
    const bounded = loadConfig({
      ...production,
      DATABASE_REPLICA_URL: replicaUrl,
      DATABASE_REPLICA_MAX_LAG_SECONDS: '30',
    });
    expect(bounded.database).toMatchObject({ replica: { maxLagSeconds: 30 } });
    expect(() => loadConfig({ ...production, DATABASE_REPLICA_MAX_LAG_SECONDS: '0' })).toThrow(
      /DATABASE_REPLICA_MAX_LAG_SECONDS/,
    );
  });

  it('keeps images in a folder inside DATA_DIR by default, and in a bucket with the S3 settings', () => {
    expect(loadConfig({ DATA_DIR: '/srv/quiz/data' }).images).toEqual({
      storage: 'folder',
      dir: '/srv/quiz/data/images',
    });
    expect(loadConfig(production).images).toEqual({
      storage: 's3',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      bucket: 'quiz-points-images',
      accessKeyId: 'unused-key-id',
      secretAccessKey: 'unused-secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...production, S3_FORCE_PATH_STYLE: 'true' }).images).toMatchObject({
      forcePathStyle: true,
    });
  });

  it('refuses a replica with PGlite, saying why', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://app@replica.internal/quiz_points' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL on PostgreSQL: the embedded database \(PGlite/,
    );
  });

  it('allows a shortened wait only in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_AD_WAIT_SECONDS: '2' }).adWaitSeconds).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_AD_WAIT_SECONDS: '2' })).toThrow(ConfigError);
  });

  it('uses the payment stand-in and a clearly fake registration number outside production', () => {
    const config = loadConfig({});
    expect(config.payments.provider).toBe('local');
    expect(config.invoiceRegistrationNumber).toBe('T0000000000000');
    expect(config.invoiceIssuerName).toBe('株式会社クイズポイント');
    expect(() => loadConfig({ INVOICE_ISSUER_NAME: '  ' })).toThrow(/INVOICE_ISSUER_NAME/);
    expect(loadConfig(production).payments).toMatchObject({
      provider: 'stripe',
      secretKey: productionEnv.STRIPE_SECRET_KEY,
    });
    expect(() => loadConfig({ INVOICE_REGISTRATION_NUMBER: 'T123' })).toThrow(/INVOICE_REGISTRATION_NUMBER/);
  });

  it('trusts no proxy unless TRUST_PROXY names them, in development and production alike', () => {
    expect(loadConfig({}).trustedProxies).toEqual({ kind: 'none' });
    expect(loadConfig(production).trustedProxies).toEqual({ kind: 'none' });
    expect(loadConfig({ ...production, TRUST_PROXY: 'none' }).trustedProxies).toEqual({ kind: 'none' });
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustedProxies).toEqual({ kind: 'hops', hops: 1 });
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7,2001:db8::/32, ::1,loopback ' }).trustedProxies,
    ).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1', 'loopback'],
    });
  });

  it.each([
    ['true', /true would believe any X-Forwarded-For/],
    ['*', /would believe any X-Forwarded-For/],
    ['-1', /not an IP address or CIDR range: -1/],
    ['proxy.internal', /not an IP address or CIDR range: proxy\.internal/],
    ['10.0.0.0/33', /not an IP address or CIDR range: 10\.0\.0\.0\/33/],
    ['10.0.0.1,,10.0.0.2', /not an IP address or CIDR range/],
    ['10.0.0/8', /not an IP address or CIDR range: 10\.0\.0\/8/],
  ])('refuses TRUST_PROXY=%s with a message that says what to write', (value, pattern) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(pattern);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: .*use none, a hop count such as 1/,
    );
  });

  it('lets only the loopback addresses read /metrics unless METRICS_ALLOW says otherwise', () => {
    expect(loadConfig({}).metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig(production).metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8, 192.0.2.7,fd00::/8 ' }).metricsAllow).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);
    expect(() => loadConfig({ METRICS_ALLOW: 'loopback' })).toThrow(
      /METRICS_ALLOW: not an IP address or CIDR range: loopback/,
    );
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
  });

  it('traces only with an OTLP endpoint, to its /v1/traces or the traces endpoint as it is', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig(production).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SERVICE_NAME: '' }).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'quiz-points',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/api/traces',
        OTEL_SERVICE_NAME: 'quiz-points-tokyo',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).tracing,
    ).toEqual({
      tracesUrl: 'https://traces.example/api/traces',
      serviceName: 'quiz-points-tokyo',
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' }).tracing,
    ).toBeNull();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('reports malformed values by name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
