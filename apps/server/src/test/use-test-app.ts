import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { findLedgerMismatches } from '../domain/points/ledger.ts';
import { adminSession, sessionsFor } from './factories.ts';
import type { TestHttpClient } from './http-client.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import type { DatabaseKind } from './test-database.ts';

export interface UseTestAppOptions extends TestAppOptions {
  /** After the file's tests, every balance must equal its ledger (default on). */
  checkLedger?: boolean;
  /** Sign the admin in once, as `t.admin`, for suites about the admin's console. */
  admin?: boolean;
}

export type TestAppHandle = Omit<TestApp, 'close'> & {
  /** Signed-in clients made straight in the database (see factories.ts `userSession`). */
  readonly as: ReturnType<typeof sessionsFor>;
  /** The admin's client, with `admin: true`. */
  readonly admin: TestHttpClient;
};

/**
 * The whole app on a fresh database of `kind`, listening on a real port unless `listen: false`,
 * created before the tests of the enclosing `describe` and closed after them.
 */
export function useTestApp(kind: DatabaseKind = 'pglite', options: UseTestAppOptions = {}): TestAppHandle {
  const { checkLedger = true, admin: signInAdmin = false, ...appOptions } = options;
  let app: TestApp | undefined;
  let admin: TestHttpClient | undefined;
  const current = () => {
    if (!app) throw new Error('useTestApp: the app exists from beforeAll on');
    return app;
  };
  beforeAll(async () => {
    app = await createTestApp(kind, { listen: true, ...appOptions });
    if (signInAdmin) admin = await adminSession(app);
  });
  afterAll(async () => {
    if (!app) return;
    try {
      if (checkLedger) expect(await findLedgerMismatches(app.database.db)).toEqual([]);
    } finally {
      await app.close();
    }
  });
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get images() {
      return current().images;
    },
    get url() {
      return current().url;
    },
    get tracing() {
      return current().tracing;
    },
    as: sessionsFor(current),
    get admin() {
      if (!admin) throw new Error('useTestApp: pass { admin: true } for t.admin');
      return admin;
    },
  };
}

/** For tests that each need their own app or database: what the returned function is given is closed after the test. */
export function closedAfterEach() {
  const open: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((resource) => resource.close()));
  });
  return <T extends { close(): Promise<unknown> }>(resource: T): T => {
    open.push(resource);
    return resource;
  };
}
