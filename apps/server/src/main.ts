import fs from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildApp } from './http/app.ts';
import { startBackgroundJobs } from './jobs.ts';
import { createImageStorage } from './services/image-storage/create-image-storage.ts';
import { createMailer } from './services/mail/create-mailer.ts';
import { createPaymentProvider } from './services/payments/create-payment-provider.ts';
import { createSmsSender } from './services/sms/create-sms-sender.ts';
import { startTracing } from './services/tracing/start-tracing.ts';

async function main() {
  // A .env file is optional; the environment itself always wins.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Null without OTEL_EXPORTER_OTLP_ENDPOINT: then no OpenTelemetry module is even loaded.
  const tracing = await startTracing(config.tracing);
  const database = await openDatabase(config, tracing);
  await database.migrate();
  if (config.seed === 'auto' && !config.isProduction) await seedIfEmpty(database.db, config);

  const payments = createPaymentProvider(config, database.db);
  const mailer = createMailer(config, database.db);
  const app = await buildApp({
    config,
    database,
    mailer,
    sms: createSmsSender(config, database.db),
    payments,
    images: await createImageStorage(config),
    tracing,
  });
  const jobs = await startBackgroundJobs({ config, database, payments, mailer, log: app.log });

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    // Keep-alive connections that were busy when the close began go idle as their requests finish:
    // close them then, or the close would wait for their keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      await jobs.stop();
      await database.close();
      // The last requests' spans (waiting at most 5 seconds for the collector).
      await tracing?.shutdown();
    } finally {
      clearInterval(sweep);
      clearTimeout(force);
      process.exit(exitCode);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A failure nothing caught leaves the process in a state no one planned: it is logged with its
  // stack (naming src/ files: build.mjs turns source maps on), then the server stops as on SIGTERM,
  // finishing the requests in flight, and exits 1 for its supervisor to start it again.
  process.on('unhandledRejection', (reason) => {
    app.log.fatal({ err: reason }, 'unhandled promise rejection: shutting down');
    void shutdown('unhandledRejection', 1);
  });
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception: shutting down');
    void shutdown('uncaughtException', 1);
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`quiz-points is serving ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || (error instanceof Error && error.name === 'DataDirLockedError')) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
