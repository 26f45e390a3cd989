import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { freePort } from '../../../../scripts/test-support.mjs';
import { type Config, loadConfig } from '../config.ts';
import { buildApp } from '../http/app.ts';
import type { LogDestination } from '../http/log-redaction.ts';
import { createFolderImageStorage } from '../services/image-storage/folder-image-storage.ts';
import type { ImageStorage } from '../services/image-storage/image-storage.ts';
import { createMailer } from '../services/mail/create-mailer.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import { createPaymentProvider } from '../services/payments/create-payment-provider.ts';
import type { PaymentProvider } from '../services/payments/payment-provider.ts';
import { createSmsSender } from '../services/sms/create-sms-sender.ts';
import type { SmsSender } from '../services/sms/sms-sender.ts';
import { startTracing } from '../services/tracing/start-tracing.ts';
import type { Tracing } from '../services/tracing/tracing.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

const fixtureWebDist = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDist, ...env });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Where its ads' images are kept. */
  images: ImageStorage;
  /** The origin it listens on, when started with `listen: true`. */
  url: string;
  /** Its tracing, when `env` names an OTLP endpoint (as main.ts starts it); shut down on close. */
  tracing: Tracing | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  sms?: SmsSender;
  payments?: PaymentProvider;
  /** Where ads' images go; default the folder stand-in in a fresh temporary folder, removed on close. */
  images?: ImageStorage;
  /** Where the app's log lines go (with `env: { LOG_LEVEL: 'info' }`, to read what it logs). */
  logDestination?: LogDestination;
  /** Listen on a real port (needed where the app calls itself, as in the OpenID Connect flow). */
  listen?: boolean;
  /** A database the test made itself (of `kind`), closed with the app. */
  database?: TestDatabase;
}

/** The whole HTTP app on a fresh database, for `app.inject` tests and real HTTP. */
export async function createTestApp(
  kind: DatabaseKind = 'pglite',
  options: TestAppOptions = {},
): Promise<TestApp> {
  const port = options.listen ? await freePort() : 3000;
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig({ PORT: String(port), PUBLIC_URL: url, ...options.env });
  const tracing = await startTracing(config.tracing);
  const database = options.database ?? (await createTestDatabase(kind, undefined, { tracing }));
  const imageDir = options.images ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'quiz-points-images-'));
  const images = options.images ?? createFolderImageStorage(imageDir!);
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? createMailer(config, database.db),
    sms: options.sms ?? createSmsSender(config, database.db),
    payments: options.payments ?? createPaymentProvider(config, database.db),
    images,
    checkResponses: true,
    logDestination: options.logDestination,
    tracing,
  });
  if (options.listen) await app.listen({ host: '127.0.0.1', port });
  else await app.ready();
  return {
    app,
    database,
    config,
    images,
    url,
    tracing,
    async close() {
      await app.close();
      await database.close();
      await tracing?.shutdown();
      if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
    },
  };
}
