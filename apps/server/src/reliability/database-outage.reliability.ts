import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresDatabase } from '../../../../scripts/test-support.mjs';
import { type DatabaseHandle, openPostgres } from '../db/client.ts';
import { databaseDigest } from '../test/api-endpoints.ts';
import { verifiedUserWithPoints } from '../test/factories.ts';
import type { ErrorReply, TestHttpClient } from '../test/http-client.ts';
import { testConfig } from '../test/test-app.ts';
import { type ServerProcess, startServer, stopServer } from './support/cluster.ts';
import { expectInvariants } from './support/invariants.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

/**
 * The network between the app and PostgreSQL fails (every connection dropped, new ones refused)
 * and comes back. Requests meanwhile fail at once with a Japanese message, never hang and never
 * half-write; the server recovers by itself, with no restart.
 */
describe('the database connection drops and comes back', () => {
  let postgres: PostgresDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let direct: DatabaseHandle;
  beforeAll(async () => {
    postgres = await createPostgresDatabase('qp_rel');
    const target = new URL(postgres.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(postgres.url);
    proxied.port = String(proxy.port);
    server = await startServer({ databaseUrl: proxied.toString() });
    direct = await openPostgres(postgres.url, 4);
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await direct?.close();
    await proxy?.close();
    await postgres?.drop();
  });

  const target = () => ({ url: server.url, database: direct, config: testConfig() });
  const send = (client: TestHttpClient, method: string, path: string, body?: unknown) =>
    client.json<ErrorReply>(method, path, body);

  it('answers with a message during the outage, writes nothing, and recovers by itself', async () => {
    const { client } = await verifiedUserWithPoints(target(), 5000);
    expect((await send(client, 'GET', '/api/me')).status).toBe(200);
    const before = await databaseDigest(direct.db);

    proxy.cut();
    const started = Date.now();
    const replies = await Promise.all([
      send(client, 'POST', '/api/gacha/claim'),
      send(client, 'POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 }),
      send(client, 'GET', '/api/ads'),
      send(client, 'GET', '/api/points/history'),
    ]);
    expect(Date.now() - started, 'failing fast, not hanging').toBeLessThan(15_000);
    for (const reply of replies) {
      expect(reply.status).toBe(503);
      expect(reply.body.error?.code).toBe('UNAVAILABLE');
      expect(reply.body.error?.message).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect(await databaseDigest(direct.db)).toEqual(before);

    proxy.restore();
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${server.url}/readyz`)).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await send(client, 'POST', '/api/gacha/claim')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('half-writes nothing when the connection drops in the middle of a burst', async () => {
    const { client } = await verifiedUserWithPoints(target(), 20_000);
    const noAnswer = { status: 0, body: {} };
    const burst = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 3 === 0
          ? send(client, 'POST', '/api/gacha/claim')
          : send(client, 'POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 })
        ).catch(() => noAnswer),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 500));
    proxy.restore();
    const replies = await burst;
    expect(
      replies.filter((reply) => reply === noAnswer),
      server.output(),
    ).toEqual([]);
    const failed = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request failed"'));
    expect(
      replies.map((reply) => reply.status).filter((status) => ![200, 201, 409, 503].includes(status)),
      failed.join('\n').slice(0, 3000),
    ).toEqual([]);
    expect(
      replies.some((reply) => reply.status === 503),
      'the cut hit the burst',
    ).toBe(true);
    await expectInvariants(direct.db);
  });
});
