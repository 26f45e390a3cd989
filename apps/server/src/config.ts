import path from 'node:path';
import { AD_WAIT_SECONDS } from '@quiz-points/shared';
import { z } from 'zod';
import { defaultWebDistDir, repoRoot } from './paths.ts';
import { addressListSetting, type TrustedProxies, trustProxySetting } from './trusted-proxies.ts';

const DEV_SECRET = 'development-secret-not-for-production-use-0123456789';
/** Signs the payment stand-in's webhooks in development and tests; never used in production. */
const DEV_WEBHOOK_SECRET = 'whsec_local_development_only';
/** A clearly fake qualified-invoice registration number for development (T + 13 digits). */
const DEV_INVOICE_REGISTRATION_NUMBER = 'T0000000000000';
/** The issuer's name on invoices in development (the operator named on the legal page). */
const DEV_INVOICE_ISSUER_NAME = '株式会社クイズポイント';
/** The development OpenID Connect client; Google knows neither, so production refuses both. */
const DEV_GOOGLE_CLIENT_ID = 'quiz-points-local';
const DEV_GOOGLE_CLIENT_SECRET = 'local-development-client-secret';
/** Encrypts the development gift-code inventory; production refuses it (32 bytes, base64). */
const DEV_GIFT_CODE_KEY = Buffer.from('quiz-points development gift key').toString('base64');

/** The OpenTelemetry samplers OTEL_TRACES_SAMPLER may name (services/tracing/start-tracing.ts). */
const traceSamplers = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** An OTLP/HTTP address: http:// or https://. */
const httpUrl = z.url({ protocol: /^https?$/ });

/** The OpenTelemetry settings' rule: a variable set to the empty string is unset. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  /** Whose X-Forwarded-For gives the client address; see trusted-proxies.ts. */
  TRUST_PROXY: trustProxySetting,
  /** Who may read GET /metrics (by `request.ip`): addresses or CIDR ranges; anyone else gets 404. */
  METRICS_ALLOW: addressListSetting('127.0.0.1,::1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().optional(),
  /** A streaming replica of DATABASE_URL for lag-tolerant console reads (db/replica.ts); PostgreSQL only. */
  DATABASE_REPLICA_URL: z.string().min(1).optional(),
  /** The replica is set aside while it is further behind the primary than this. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(1).max(3600).default(10),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  SEED: z.enum(['auto', 'never']).default('auto'),
  /** Whole Japan-time months of page views kept before the current one; older months are dropped. */
  PAGE_VIEW_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  AUTH_SECRET: z.string().min(32).default(DEV_SECRET),
  ADMIN_EMAIL: z.email().default('admin@quiz-points.example'),
  MAIL_TRANSPORT: z.enum(['smtp', 'capture']).default('capture'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('クイズポイント <no-reply@quiz-points.example>'),
  WEB_DIST_DIR: z.string().default(defaultWebDistDir),
  GOOGLE_CLIENT_ID: z.string().min(1).default(DEV_GOOGLE_CLIENT_ID),
  GOOGLE_CLIENT_SECRET: z.string().min(1).default(DEV_GOOGLE_CLIENT_SECRET),
  /** Unset: the app's own development OpenID Connect provider stands in for Google. */
  GOOGLE_DISCOVERY_URL: z.url().optional(),
  SMS_PROVIDER: z.enum(['twilio', 'capture']).default('capture'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['stripe', 'local']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** The operator's qualified-invoice issuer number (適格請求書発行事業者登録番号): T and 13 digits. */
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .regex(/^T\d{13}$/, 'must be T followed by 13 digits')
    .optional(),
  /** The issuer's name on qualified invoices (the registered business's name, 氏名又は名称). */
  INVOICE_ISSUER_NAME: z.string().trim().min(1).max(100).optional(),
  /**
   * The gift-code inventory's key: 32 random bytes in base64 (`openssl rand -base64 32`). Codes are
   * encrypted with a key derived from it, and fingerprinted with another; losing it loses the stock.
   */
  GIFT_CODE_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
    .default(DEV_GIFT_CODE_KEY),
  /**
   * Where ads' images are kept (services/image-storage): `folder` (the local stand-in, IMAGE_DIR)
   * or `s3` (any S3 API: AWS S3, Cloudflare R2, MinIO; the S3_* settings). Production needs s3.
   */
  IMAGE_STORAGE: z.enum(['s3', 'folder']).default('folder'),
  /** The stand-in's folder; default `images` inside DATA_DIR. */
  IMAGE_DIR: z.string().min(1).optional(),
  /** The S3 API's address for a service other than AWS (R2, MinIO); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  /** The bucket's region (`auto` for Cloudflare R2). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true`: the bucket in the path (`endpoint/bucket/key`), as MinIO needs; default the bucket's host name. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /**
   * OpenTelemetry tracing (services/tracing): an OTLP/HTTP collector's base address; the traces go to
   * `<it>/v1/traces`. Unset (and OTEL_EXPORTER_OTLP_TRACES_ENDPOINT unset), nothing is traced or loaded.
   * The OTEL_* settings keep their standard meanings; an empty value counts as unset, as they define.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyAsUnset, httpUrl.optional()),
  /** The traces' own address, used as it is (it wins over OTEL_EXPORTER_OTLP_ENDPOINT). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(emptyAsUnset, httpUrl.optional()),
  /** `true` (any case) turns tracing off whatever the endpoints say. */
  OTEL_SDK_DISABLED: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() === 'true'),
  /** The traces' `service.name`. */
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUnset, z.string().min(1).default('quiz-points')),
  /** Which traces are kept: the standard sampler names (default: every request, or as its caller decided). */
  OTEL_TRACES_SAMPLER: z.preprocess(emptyAsUnset, z.enum(traceSamplers).default('parentbased_always_on')),
  /** The ratio of the `traceidratio` samplers, 0 to 1 (default 1). */
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(emptyAsUnset, z.coerce.number().min(0).max(1).default(1)),
  /** Test-only: shortens the 30-second ad wait. Refused outside NODE_ENV=test. */
  TEST_AD_WAIT_SECONDS: z.coerce.number().int().min(0).max(AD_WAIT_SECONDS).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the schema reads (check-config.test.ts keeps .env.example and the docs in step). */
export const configVariables = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  trustedProxies: TrustedProxies;
  /** METRICS_ALLOW: the addresses and CIDR ranges that may read GET /metrics. */
  metricsAllow: string[];
  logLevel: Env['LOG_LEVEL'];
  database:
    | {
        kind: 'postgres';
        url: string;
        /** DATABASE_REPLICA_URL and its lag bound: where the console's lag-tolerant reads may go. */
        replica?: { url: string; maxLagSeconds: number };
      }
    | { kind: 'pglite'; dataDir: string };
  seed: Env['SEED'];
  /** PAGE_VIEW_RETENTION_MONTHS (domain/maintenance/keep-page-view-months.ts). */
  pageViewRetentionMonths: number;
  authSecret: string;
  adminEmail: string;
  mail: { transport: 'smtp'; smtpUrl: string; from: string } | { transport: 'capture'; from: string };
  webDistDir: string;
  adWaitSeconds: number;
  identity: {
    google: { clientId: string; clientSecret: string; discoveryUrl: string };
    /** The development OpenID Connect provider runs inside the app. */
    devProvider: boolean;
  };
  sms: { provider: 'twilio'; accountSid: string; authToken: string; from: string } | { provider: 'capture' };
  payments:
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; publishableKey: string | null }
    | { provider: 'local'; webhookSecret: string; publishableKey: null };
  invoiceRegistrationNumber: string;
  /** The issuer's name on qualified invoices and the legal page. */
  invoiceIssuerName: string;
  /** GIFT_CODE_KEY's 32 bytes (domain/gifts/gift-code-cipher.ts). */
  giftCodeKey: Buffer;
  /** Where ads' images are kept (services/image-storage). */
  images: ImageStorageConfig;
  /** OpenTelemetry tracing (services/tracing); null without an OTLP endpoint: nothing is loaded. */
  tracing: TracingConfig | null;
}

export interface TracingConfig {
  /** Where the spans are sent (OTLP/HTTP, JSON). */
  tracesUrl: string;
  serviceName: string;
  sampler: (typeof traceSamplers)[number];
  /** The `traceidratio` samplers' ratio. */
  samplerRatio: number;
}

export type ImageStorageConfig =
  | { storage: 'folder'; dir: string }
  | {
      storage: 's3';
      /** Unset: AWS S3 of the region. */
      endpoint: string | null;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once. Production refuses stand-ins and development secrets. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];

  if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) problems.push('MAIL_TRANSPORT=smtp needs SMTP_URL');
  if (
    env.SMS_PROVIDER === 'twilio' &&
    !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM)
  ) {
    problems.push('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
    problems.push('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (env.IMAGE_STORAGE === 's3' && !(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    problems.push('IMAGE_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
    problems.push(
      'DATABASE_REPLICA_URL needs DATABASE_URL on PostgreSQL: the embedded database (PGlite, used when DATABASE_URL is unset) has no replicas',
    );
  }
  if (env.TEST_AD_WAIT_SECONDS !== undefined && env.NODE_ENV !== 'test') {
    problems.push('TEST_AD_WAIT_SECONDS is only allowed with NODE_ENV=test');
  }
  if (isProduction) {
    if (env.AUTH_SECRET === DEV_SECRET) problems.push('AUTH_SECRET must be set in production');
    if (env.MAIL_TRANSPORT === 'capture')
      problems.push('the mail stand-in (MAIL_TRANSPORT=capture) is refused in production');
    if (!env.DATABASE_URL) problems.push('DATABASE_URL must point to PostgreSQL in production');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL must be set in production');
    else if (new URL(env.PUBLIC_URL).protocol !== 'https:') {
      problems.push('PUBLIC_URL must be https:// in production (Secure cookies and HSTS need it)');
    }
    if (env.GOOGLE_CLIENT_ID === DEV_GOOGLE_CLIENT_ID)
      problems.push('GOOGLE_CLIENT_ID must be set in production (the development client id is refused)');
    if (env.GOOGLE_CLIENT_SECRET === DEV_GOOGLE_CLIENT_SECRET)
      problems.push('GOOGLE_CLIENT_SECRET must be set in production (the development secret is refused)');
    if (!env.GOOGLE_DISCOVERY_URL) {
      problems.push('the development identity provider is refused in production: set GOOGLE_DISCOVERY_URL');
    }
    if (env.SMS_PROVIDER === 'capture')
      problems.push('the SMS stand-in (SMS_PROVIDER=capture) is refused in production');
    if (env.PAYMENT_PROVIDER === 'local')
      problems.push('the payment stand-in (PAYMENT_PROVIDER=local) is refused in production');
    if (!env.INVOICE_REGISTRATION_NUMBER)
      problems.push('INVOICE_REGISTRATION_NUMBER must be set in production (qualified invoices)');
    if (!env.INVOICE_ISSUER_NAME)
      problems.push('INVOICE_ISSUER_NAME must be set in production (qualified invoices)');
    if (env.GIFT_CODE_KEY === DEV_GIFT_CODE_KEY)
      problems.push('GIFT_CODE_KEY must be set in production (the development key is refused)');
    if (env.IMAGE_STORAGE === 'folder')
      problems.push(
        'the image folder stand-in (IMAGE_STORAGE=folder) is refused in production: set IMAGE_STORAGE=s3 and the S3_* settings',
      );
  }
  if (problems.length > 0) throw new ConfigError(`Refusing to start:\n  ${problems.join('\n  ')}`);

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    trustedProxies: env.TRUST_PROXY,
    metricsAllow: env.METRICS_ALLOW,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          ...(env.DATABASE_REPLICA_URL
            ? {
                replica: {
                  url: env.DATABASE_REPLICA_URL,
                  maxLagSeconds: env.DATABASE_REPLICA_MAX_LAG_SECONDS,
                },
              }
            : {}),
        }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) },
    seed: env.SEED,
    pageViewRetentionMonths: env.PAGE_VIEW_RETENTION_MONTHS,
    authSecret: env.AUTH_SECRET,
    adminEmail: env.ADMIN_EMAIL.toLowerCase(),
    mail:
      env.MAIL_TRANSPORT === 'smtp'
        ? { transport: 'smtp', smtpUrl: env.SMTP_URL ?? '', from: env.MAIL_FROM }
        : { transport: 'capture', from: env.MAIL_FROM },
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    adWaitSeconds: env.TEST_AD_WAIT_SECONDS ?? AD_WAIT_SECONDS,
    identity: {
      google: {
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        discoveryUrl: env.GOOGLE_DISCOVERY_URL ?? `${publicUrl}/dev/oidc/.well-known/openid-configuration`,
      },
      devProvider: !env.GOOGLE_DISCOVERY_URL,
    },
    sms:
      env.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: env.TWILIO_ACCOUNT_SID ?? '',
            authToken: env.TWILIO_AUTH_TOKEN ?? '',
            from: env.TWILIO_FROM ?? '',
          }
        : { provider: 'capture' },
    payments:
      env.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY ?? '',
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
          }
        : {
            provider: 'local',
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET,
            publishableKey: null,
          },
    invoiceRegistrationNumber: env.INVOICE_REGISTRATION_NUMBER ?? DEV_INVOICE_REGISTRATION_NUMBER,
    invoiceIssuerName: env.INVOICE_ISSUER_NAME ?? DEV_INVOICE_ISSUER_NAME,
    giftCodeKey: Buffer.from(env.GIFT_CODE_KEY, 'base64'),
    images:
      env.IMAGE_STORAGE === 's3'
        ? {
            storage: 's3',
            endpoint: env.S3_ENDPOINT ?? null,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET ?? '',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : { storage: 'folder', dir: path.resolve(env.IMAGE_DIR ?? path.join(env.DATA_DIR, 'images')) },
    tracing: tracingConfig(env),
  };
}

/** The OTLP traces address the OpenTelemetry settings name, as their specification resolves it. */
function tracingConfig(env: Env): TracingConfig | null {
  if (env.OTEL_SDK_DISABLED) return null;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesUrl =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : null);
  if (!tracesUrl) return null;
  return {
    tracesUrl,
    serviceName: env.OTEL_SERVICE_NAME,
    sampler: env.OTEL_TRACES_SAMPLER,
    samplerRatio: env.OTEL_TRACES_SAMPLER_ARG,
  };
}
