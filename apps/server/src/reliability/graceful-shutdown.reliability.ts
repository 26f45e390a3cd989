import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresDatabase } from '../../../../scripts/test-support.mjs';
import { type DatabaseHandle, openPostgres } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { verifiedUserWithPoints } from '../test/factories.ts';
import { testConfig } from '../test/test-app.ts';
import { startServer } from './support/cluster.ts';
import { expectInvariants } from './support/invariants.ts';

/**
 * SIGTERM (a deploy, a scale-in) while requests are being handled: the server stops taking new
 * connections, finishes every request it has received, stops its job worker, and exits 0.
 */
describe('graceful shutdown', () => {
  let postgres: PostgresDatabase;
  let direct: DatabaseHandle;
  beforeAll(async () => {
    postgres = await createPostgresDatabase('qp_rel');
    direct = await openPostgres(postgres.url, 4);
  });
  afterAll(async () => {
    await direct?.close();
    await postgres?.drop();
  });

  it('finishes the requests in flight, releases its jobs and exits 0', async () => {
    const server = await startServer({ databaseUrl: postgres.url, env: { LOG_LEVEL: 'info' } });
    const { client } = await verifiedUserWithPoints(
      { url: server.url, database: direct, config: testConfig() },
      50_000,
    );
    const received = () => (server.output().match(/"msg":"incoming request"/g) ?? []).length;
    const alreadyReceived = received();
    const count = 80;
    const answeredAt: number[] = [];
    const requests = Array.from({ length: count }, (_, i) =>
      (i % 4 === 0
        ? client.json('POST', '/api/gacha/claim')
        : client.json('POST', '/api/gift-requests', { giftType: 'amazon', points: 1000 })
      ).then((reply) => {
        answeredAt.push(Date.now());
        return reply;
      }),
    );
    while (received() < alreadyReceived + count) await new Promise((resolve) => setTimeout(resolve, 2));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const replies = await Promise.all(requests);
    expect(
      replies.map((reply) => reply.status).filter((status) => ![200, 201, 409].includes(status)),
    ).toEqual([]);
    expect(
      answeredAt.filter((time) => time > signalledAt).length,
      'answered after the signal',
    ).toBeGreaterThan(0);
    expect(await server.exited, server.output().split('\n').slice(-8).join('\n')).toBe(0);
    expect(server.output()).toMatch(/shutting down: finishing in-flight requests/);

    await expectInvariants(direct.db);
    const held = await queryRows<{ jobs: number }>(
      direct.db,
      sql`select count(*)::int as jobs from pgboss.job where state = 'active'`,
    );
    expect(held[0]?.jobs, 'no job left claimed by the stopped instance').toBe(0);
  });
});
