import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../config.ts';
import { buildApp } from '../http/app.ts';
import { createMailer } from '../services/mail/create-mailer.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

const fixtureWebDist = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDist, ...env });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The whole HTTP app on a fresh database, for `app.inject` tests. */
export async function createTestApp(
  kind: DatabaseKind = 'pglite',
  options: { env?: Record<string, string>; mailer?: Mailer } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase(kind);
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? createMailer(config, database.db),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
