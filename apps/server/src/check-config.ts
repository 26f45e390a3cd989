// `npm run check:config`: validates the environment the server would start with (.env included, the
// environment itself winning, as in main.ts) without opening the database or listening. Prints a
// summary and exits 0, or every problem start-up would refuse and exits 1. See docs/configuration.md.
import fs from 'node:fs';
import { type Config, ConfigError, loadConfig } from './config.ts';

function summary(config: Config): string[] {
  const database =
    config.database.kind === 'postgres'
      ? `PostgreSQL (DATABASE_URL)${config.database.replica ? ', console reads on a replica (DATABASE_REPLICA_URL)' : ''}`
      : `PGlite in ${config.database.dataDir} (one process only)`;
  const mail = config.mail.transport === 'smtp' ? 'SMTP (SMTP_URL)' : 'capture (the local stand-in)';
  const sms = config.sms.provider === 'twilio' ? 'Twilio' : 'capture (the local stand-in)';
  const payments =
    config.payments.provider === 'stripe' ? 'Stripe' : 'local (the checkout and invoice stand-in)';
  const images =
    config.images.storage === 's3'
      ? `S3 API, bucket ${config.images.bucket} (${config.images.endpoint ?? `AWS ${config.images.region}`})`
      : `the folder ${config.images.dir} (the local stand-in)`;
  const identity = config.identity.devProvider
    ? 'the built-in development provider'
    : `Google (${config.identity.google.discoveryUrl})`;
  return [
    `  mode:        ${config.isProduction ? 'production' : `${config.env} (not production)`}`,
    `  public URL:  ${config.publicUrl}`,
    `  listens on:  ${config.host}:${config.port}`,
    `  database:    ${database}`,
    `  mail:        ${mail}`,
    `  SMS:         ${sms}`,
    `  payments:    ${payments}`,
    `  images:      ${images}`,
    `  sign-in:     ${identity}`,
    `  proxies:     TRUST_PROXY ${config.trustedProxies.kind}`,
    `  tracing:     ${config.tracing ? `OpenTelemetry, OTLP to ${config.tracing.tracesUrl}` : 'off'}`,
  ];
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');
try {
  const config = loadConfig();
  console.log(['設定に問題はありません', ...summary(config)].join('\n'));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  const problems = error.message.split('\n').filter((line) => line.startsWith('  ')).length;
  console.error(`設定に問題があります（${problems} 件）:\n${error.message}`);
  process.exitCode = 1;
}
