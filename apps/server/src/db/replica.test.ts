import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/test-support.mjs';
import type { Logger } from '../domain/logger.ts';
import { createTestDatabase, postgresKinds } from '../test/test-database.ts';
import { queryRows } from './query-rows.ts';
import { isConnectionError, parseLsn, ReplicaOrPrimaryPool, replicaLag } from './replica.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
const readOnly = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), {
  code: '25006',
});
const recoveryConflict = Object.assign(new Error('canceling statement due to conflict with recovery'), {
  code: '40001',
});

describe('the replica lag', () => {
  const now = 1_000_000;
  // The primary's WAL position sampled every 2 seconds, the newest just now.
  const samples = [
    { at: now - 6000, lsn: 100n },
    { at: now - 4000, lsn: 200n },
    { at: now - 2000, lsn: 300n },
    { at: now, lsn: 400n },
  ];
  const lag = (replayed: bigint, sinceLastReplayed: number | null, from = samples) =>
    replicaLag({ now, samples: from, replayed, sinceLastReplayed, maxLagSeconds: 10 });

  it('reads WAL positions as byte counts', () => {
    expect(parseLsn('0/3016038')).toBe(0x3016038n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('is 0 once the replica has replayed what the primary had, however old its last transaction', () => {
    // An idle primary: no transaction for an hour, and nothing to replay.
    expect(lag(400n, 3600)).toBe(0);
    expect(lag(401n, null)).toBe(0);
  });

  it('is the age of the newest primary position the replica has reached', () => {
    expect(lag(250n, null)).toBe(4);
    expect(lag(300n, null)).toBe(2);
    expect(lag(99n, null)).toBe(null);
  });

  it('is the age of the last replayed transaction when that is the smaller bound (steady writes)', () => {
    expect(lag(390n, 0.05)).toBe(0.05);
    // One write after an idle hour: the last replayed transaction is old, the position is recent.
    expect(lag(300n, 3600)).toBe(2);
  });

  it('is at least the oldest sample’s age when the replica has reached none of them', () => {
    const longAgo = [{ at: now - 14_000, lsn: 500n }, ...samples.map((s) => ({ ...s, lsn: s.lsn + 500n }))];
    expect(lag(450n, null, longAgo)).toBe(14);
  });
});

describe('which failures send a read to the primary', () => {
  it('counts a lost or refused connection, a shutdown, a server starting, full or refusing the login', () => {
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '53300', '28P01', '3D000']) {
      expect(isConnectionError(Object.assign(new Error(code), { code })), code).toBe(true);
    }
  });

  it('does not count the statement’s own errors', () => {
    for (const error of [readOnly, recoveryConflict, Object.assign(new Error('x'), { code: '42P01' })]) {
      expect(isConnectionError(error), error.message).toBe(false);
    }
    expect(isConnectionError(new Error('invalid input syntax for type uuid'))).toBe(false);
  });
});

/** A pg.Pool stand-in that answers, or fails, and records what it was asked. */
function fakePool(name: string, failWith?: Error) {
  const calls: string[] = [];
  const pool = {
    calls,
    async query(config: { text: string }) {
      calls.push(config.text);
      if (failWith) throw failWith;
      return { rows: [{ from: name }] };
    },
    async connect() {
      calls.push('connect');
      if (failWith) throw failWith;
      return { from: name, release() {} };
    },
  };
  return pool as typeof pool & pg.Pool;
}

describe('reads on the replica, falling back to the primary', () => {
  const route = (replica: pg.Pool, primary: pg.Pool, inUse = true) => {
    const failures: unknown[] = [];
    const pool = new ReplicaOrPrimaryPool(
      primary,
      replica,
      () => inUse,
      (error) => failures.push(error),
    );
    return { pool, failures };
  };
  const query = { text: 'select 1' };

  it('reads on the replica while it is in use, and on the primary when not', async () => {
    const [replica, primary] = [fakePool('replica'), fakePool('primary')];
    expect(await route(replica, primary).pool.query(query)).toEqual({ rows: [{ from: 'replica' }] });
    expect(await route(replica, primary, false).pool.query(query)).toEqual({ rows: [{ from: 'primary' }] });
    expect([replica.calls, primary.calls]).toEqual([['select 1'], ['select 1']]);
  });

  it('runs a read once more on the primary when the replica’s connection fails', async () => {
    const [replica, primary] = [fakePool('replica', refused), fakePool('primary')];
    const { pool, failures } = route(replica, primary);
    expect(await pool.query(query)).toEqual({ rows: [{ from: 'primary' }] });
    expect(failures).toEqual([refused]);
    expect(primary.calls).toEqual(['select 1']);
  });

  it('runs a read on the primary when the replica cancels it in a recovery conflict', async () => {
    const [replica, primary] = [fakePool('replica', recoveryConflict), fakePool('primary')];
    expect(await route(replica, primary).pool.query(query)).toEqual({ rows: [{ from: 'primary' }] });
  });

  it('never retries a write refused by the read-only replica on the primary', async () => {
    const [replica, primary] = [fakePool('replica', readOnly), fakePool('primary')];
    const { pool, failures } = route(replica, primary);
    await expect(pool.query({ text: 'insert into t values (1)' })).rejects.toBe(readOnly);
    expect(primary.calls).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('takes a transaction’s connection from the primary when the replica refuses one', async () => {
    const [replica, primary] = [fakePool('replica', refused), fakePool('primary')];
    const client = (await route(replica, primary).pool.connect()) as unknown as { from: string };
    expect(client.from).toBe('primary');
  });
});

function capturingLog() {
  const lines: { level: string; message: string | undefined; details: object }[] = [];
  const at =
    (level: string) =>
    (details: object, message?: string): void => {
      lines.push({ level, message, details });
    };
  const log: Logger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

describe.each(postgresKinds())('a replica that cannot be used, on %s', (kind) => {
  it('sends every read to the primary when nothing listens at DATABASE_REPLICA_URL', async () => {
    const closed = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const database = await createTestDatabase(kind, 4, { replica: { url: closed, maxLagSeconds: 10 } });
    try {
      expect(database.replica?.state()).toEqual({ condition: 'unreachable', lagSeconds: null });
      const rows = await queryRows<{ name: string }>(database.reader, sql`select current_database() as name`);
      expect(rows).toEqual([{ name: new URL(database.url ?? '').pathname.slice(1) }]);
      // A check that fails again changes nothing and logs nothing more.
      const { log, lines } = capturingLog();
      database.replica?.useLog(log);
      await database.replica?.check();
      expect(lines.map((line) => [line.level, line.message])).toEqual([
        ['warn', 'replica reads: on the primary (replica unreachable)'],
      ]);
    } finally {
      await database.close();
    }
  });

  it('does not use a server that is not in recovery (DATABASE_REPLICA_URL naming the primary)', async () => {
    const primary = await createTestDatabase(kind, 2);
    try {
      const database = await createTestDatabase(kind, 2, {
        replica: { url: primary.url ?? '', maxLagSeconds: 10 },
      });
      try {
        expect(database.replica?.state().condition).toBe('not-a-replica');
        const [row] = await queryRows<{ ok: number }>(database.reader, sql`select 1 as ok`);
        expect(row?.ok).toBe(1);
      } finally {
        await database.close();
      }
    } finally {
      await primary.close();
    }
  });
});
