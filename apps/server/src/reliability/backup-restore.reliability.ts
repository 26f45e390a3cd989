import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresDatabase } from '../../../../scripts/test-support.mjs';
import { openPglite, openPostgres } from '../db/client.ts';
import { repoRoot } from '../paths.ts';
import { databaseDigest } from '../test/api-endpoints.ts';
import { createAd, signedInAdmin, verifiedUserWithPoints } from '../test/factories.ts';
import { signInWithGoogle, TestHttpClient } from '../test/http-client.ts';
import { testConfig } from '../test/test-app.ts';
import { scratchDir, startServer, stopServer } from './support/cluster.ts';
import { expectInvariants } from './support/invariants.ts';

const run = promisify(execFile);
const script = (name: string) => path.join(repoRoot, 'scripts', `${name}.mjs`);
/** The documented commands, `npm run backup -- FILE` and `npm run restore -- FILE`, run as node scripts. */
const backup = (env: Record<string, string>, file: string) =>
  run(process.execPath, [script('backup'), file], {
    cwd: scratchDir('cwd'),
    env: { PATH: process.env.PATH ?? '', ...env },
  });
const restore = (env: Record<string, string>, file: string) =>
  run(process.execPath, [script('restore'), file], {
    cwd: scratchDir('cwd'),
    env: { PATH: process.env.PATH ?? '', ...env },
  });

describe('backup and restore', () => {
  const databases: PostgresDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it('backs up PostgreSQL while the server runs and restores it into a fresh database that serves the same data', async () => {
    const original = await createPostgresDatabase('qp_rel');
    const fresh = await createPostgresDatabase('qp_rel');
    databases.push(original, fresh);
    const server = await startServer({ databaseUrl: original.url });
    const handle = await openPostgres(original.url, 4);
    try {
      const target = { url: server.url, database: handle, config: testConfig() };
      const person = await verifiedUserWithPoints(target, 4000);
      const ad = await createAd(handle.db);
      await person.client.json('POST', `/api/ads/${ad.id}/click`);
      await person.client.json('POST', `/api/ads/${ad.id}/answer`, { option: 2 });
      await person.client.json('POST', '/api/gacha/claim');
      const gift = await person.client.json<{ id: string }>('POST', '/api/gift-requests', {
        giftType: 'amazon',
        points: 1000,
      });
      const admin = await signedInAdmin(target);
      await admin.json('POST', `/api/admin/gift-requests/${gift.body.id}/reject`, {
        reason: '確認できません',
      });

      const file = path.join(scratchDir('backup'), 'quiz-points.dump');
      await backup({ DATABASE_URL: original.url }, file);
      const refused = await restore({ DATABASE_URL: original.url }, file).catch(
        (error: { stderr: string }) => error,
      );
      expect(String((refused as { stderr?: string }).stderr)).toMatch(/already has tables/);
      await restore({ DATABASE_URL: fresh.url }, file);

      const restored = await openPostgres(fresh.url, 4);
      try {
        await expectInvariants(restored.db);
        expect(await databaseDigest(restored.db)).toEqual(await databaseDigest(handle.db));
      } finally {
        await restored.close();
      }
      const me = await person.client.json<{ user: { points: number } }>('GET', '/api/me');
      await stopServer(server);
      const second = await startServer({ databaseUrl: fresh.url });
      try {
        // The session cookie is in the backup too: the same browser is still signed in.
        const again = await person.client.on(second.url).json<{ user: { points: number } }>('GET', '/api/me');
        expect(again.body.user.points).toBe(me.body.user.points);
        expect((await person.client.on(second.url).json('GET', '/api/points/history')).status).toBe(200);
      } finally {
        await stopServer(second);
      }
    } finally {
      await stopServer(server);
      await handle.close();
    }
  });

  it('backs up a PGlite folder only while no server holds it, and restores it to a new folder', async () => {
    const dataDir = path.join(scratchDir('pglite'), 'data');
    const server = await startServer({ dataDir, env: { SEED: 'auto' } });
    const browser = new TestHttpClient(server.url);
    await signInWithGoogle(browser, 'pglite-backup@example.com');
    await browser.json('POST', '/api/signup', {
      birthYear: 1990,
      birthMonth: 1,
      birthDay: 1,
      agreeToTerms: true,
    });
    expect((await browser.json('POST', '/api/gacha/claim')).status).toBe(200);
    const before = await browser.json<{ user: { points: number } }>('GET', '/api/me');
    expect(before.body.user.points).toBeGreaterThan(10);

    const file = path.join(scratchDir('backup'), 'data-copy');
    const busy = await backup({ DATA_DIR: dataDir }, file).catch((error: { stderr: string }) => error);
    expect(String((busy as { stderr?: string }).stderr)).toMatch(/in use by process/);
    await stopServer(server);

    await backup({ DATA_DIR: dataDir }, file);
    const restoredDir = path.join(scratchDir('pglite'), 'data');
    await restore({ DATA_DIR: restoredDir }, file);
    const original = await openPglite(dataDir);
    const copy = await openPglite(restoredDir);
    try {
      await expectInvariants(copy.db);
      expect(await databaseDigest(copy.db)).toEqual(await databaseDigest(original.db));
    } finally {
      await original.close();
      await copy.close();
    }
    const restarted = await startServer({ dataDir: restoredDir });
    try {
      const after = await browser.on(restarted.url).json<{ user: { points: number } }>('GET', '/api/me');
      expect(after.body.user.points).toBe(before.body.user.points);
    } finally {
      await stopServer(restarted);
    }
  });
});
