import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { scratchDir, startServer, stopServer, waitUntilReady } from './support/cluster.ts';
import { expectInvariants } from './support/invariants.ts';

/** PGlite is one process per data folder (db/lock.ts); these are the ways that can go wrong. */
describe('PGlite: one process per folder, and start-ups that were cut short', () => {
  it('refuses a second process on the same data folder with a clear message', async () => {
    const dataDir = path.join(scratchDir('pglite'), 'data');
    const first = await startServer({ dataDir });
    try {
      const second = await startServer({ dataDir, waitUntilReady: false });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another process \(pid \d+\)/);
      expect((await fetch(`${first.url}/readyz`)).status, 'the first one is untouched').toBe(200);
    } finally {
      await stopServer(first);
    }
  });

  it('starts cleanly after start-ups killed at different moments (creating the folder, migrating, seeding)', async () => {
    const dataDir = path.join(scratchDir('pglite'), 'data');
    let locksLeftBehind = 0;
    for (const afterMs of [0, 150, 400, 800, 1500, 2500]) {
      const interrupted = await startServer({ dataDir, env: { SEED: 'auto' }, waitUntilReady: false });
      // Counted from the moment the process holds the folder, so a busy machine (a slow start)
      // still kills it while creating, migrating or seeding, never before it began.
      const holdsFolder = () =>
        fs.existsSync(`${dataDir}.lock`) &&
        fs.readFileSync(`${dataDir}.lock`, 'utf8') === String(interrupted.child.pid);
      for (let waited = 0; !holdsFolder() && waited < 30_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, afterMs));
      await stopServer(interrupted, 'SIGKILL');
      if (fs.existsSync(`${dataDir}.lock`)) locksLeftBehind++;
    }
    expect(locksLeftBehind, 'killed while holding the folder').toBeGreaterThan(0);
    const server = await startServer({ dataDir, env: { SEED: 'auto' }, waitUntilReady: false });
    await waitUntilReady(server);
    try {
      const browser = new TestHttpClient(server.url);
      await signInWithGoogle(browser, 'after-crash@example.com');
      const signup = await browser.json('POST', '/api/signup', {
        birthYear: 1990,
        birthMonth: 1,
        birthDay: 1,
        agreeToTerms: true,
      });
      expect(signup.status).toBe(200);
      const ads = await browser.json<{ ads: unknown[] }>('GET', '/api/ads');
      expect(ads.body.ads.length, 'the demo data was seeded once, completely').toBeGreaterThan(0);
    } finally {
      await stopServer(server);
    }
    const database = await openPglite(dataDir);
    try {
      await expectInvariants(database.db);
    } finally {
      await database.close();
    }
  });
});
