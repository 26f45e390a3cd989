import { randomUUID } from 'node:crypto';
import { count, like, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  authSessions,
  authVerifications,
  devOutbox,
  devSmsOutbox,
  rateLimits,
  users,
} from '../../db/schema.ts';
import { databaseKinds, postgresKinds, useTestDatabase } from '../../test/test-database.ts';
import { pruneExpiredRows } from './prune-expired-rows.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pageViewRetentionMonths = 13;

/** `expired` rows of each kind that pruning must delete and `live` ones it must keep, named `<tag>-…`. */
async function seed(db: Database, now: Date, tag: string, expired: number, live: number) {
  const userId = randomUUID();
  await db.insert(users).values({ id: userId, email: `${userId}@example.com`, emailHash: userId });
  const names = (kind: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${kind}-${i}`);
  // Each row an hour on the wrong (-1) or the right (+1) side of its limit.
  for (const [ids, side] of [
    [names('expired', expired), -1],
    [names('live', live), 1],
  ] as const) {
    if (ids.length === 0) continue;
    const at = (offset: number) => new Date(now.getTime() + offset + side * HOUR);
    const expiresAt = at(0);
    await db.insert(authSessions).values(ids.map((id) => ({ id, token: id, userId, expiresAt })));
    await db
      .insert(authVerifications)
      .values(ids.map((id) => ({ id, identifier: id, value: id, expiresAt })));
    const windowStartedAt = at(-DAY);
    await db.insert(rateLimits).values(ids.map((key) => ({ key, windowStartedAt, hits: 3 })));
    const sentAt = at(-7 * DAY);
    await db.insert(devOutbox).values(ids.map((id) => ({ to: id, subject: '件名', text: '本文', sentAt })));
    await db.insert(devSmsOutbox).values(ids.map((id) => ({ to: id, text: '本文', sentAt })));
  }
}

/** How many rows named by `tag` are left in each table. */
async function left(db: Database, tag: string) {
  const named = async (table: PgTable, column: PgColumn, pattern: string) =>
    (await db.select({ n: count() }).from(table).where(like(column, pattern)))[0]?.n;
  return {
    verifications: await named(authVerifications, authVerifications.id, `${tag}-%`),
    sessions: await named(authSessions, authSessions.id, `${tag}-%`),
    rateLimits: await named(rateLimits, rateLimits.key, `${tag}-%`),
    devOutbox: await named(devOutbox, devOutbox.to, `${tag}-%`),
    devSmsOutbox: await named(devSmsOutbox, devSmsOutbox.to, `${tag}-%`),
  };
}

const each = (n: number) => ({ verifications: n, sessions: n, rateLimits: n, devOutbox: n, devSmsOutbox: n });

describe.each(databaseKinds())('pruning expired rows on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('deletes expired states and sessions, day-old rate limits and week-old captured messages, in batches, and keeps the rest', async () => {
    const now = new Date();
    await seed(database.db, now, 'batch', 7, 4);
    const prune = () => pruneExpiredRows({ db: database.db, now, pageViewRetentionMonths, batchSize: 3 });
    expect(await prune()).toMatchObject(each(7));
    expect(await left(database.db, 'batch')).toEqual(each(4));
    // Idempotent: nothing more to do.
    expect(await prune()).toEqual({
      ...each(0),
      pageViewMonths: { created: [], dropped: [], moved: 0, deleted: 0, busy: false },
    });
    expect(await left(database.db, 'batch')).toEqual(each(4));
  });

  it('keeps the page view months: the coming ones made, none dropped inside the retention', async () => {
    const now = new Date();
    const result = await pruneExpiredRows({ db: database.db, now, pageViewRetentionMonths });
    // The migration made this month and the next three; the job makes the same, so nothing new.
    expect(result.pageViewMonths).toEqual({ created: [], dropped: [], moved: 0, deleted: 0, busy: false });
    const ahead = await pruneExpiredRows({
      db: database.db,
      now: new Date(now.getTime() + 31 * DAY),
      pageViewRetentionMonths,
    });
    expect(ahead.pageViewMonths).toMatchObject({
      created: [expect.stringMatching(/^\d{4}-\d{2}$/)],
      dropped: [],
    });
  });
});

describe.each(postgresKinds())('pruning with several instances at once on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('lets two runs share a backlog without failing or deleting a row twice', async () => {
    const now = new Date();
    await seed(database.db, now, 'live', 0, 50);
    // A backlog as an attack would leave it.
    await database.db.execute(sql`insert into rate_limits (key, window_started_at, hits)
      select 'old-' || n, ${new Date(now.getTime() - 2 * DAY)}::timestamptz, 1
      from generate_series(1, 5000) as n`);
    await database.db.execute(sql`insert into auth_verifications (id, identifier, value, expires_at)
      select 'old-' || n, 'state', 'x', ${new Date(now.getTime() - HOUR)}::timestamptz
      from generate_series(1, 5000) as n`);
    const runs = await Promise.all([
      pruneExpiredRows({ db: database.db, now, pageViewRetentionMonths, batchSize: 200 }),
      pruneExpiredRows({ db: database.db, now, pageViewRetentionMonths, batchSize: 200 }),
    ]);
    expect(runs[0]!.rateLimits + runs[1]!.rateLimits).toBe(5000);
    expect(runs[0]!.verifications + runs[1]!.verifications).toBe(5000);
    expect(await left(database.db, 'live')).toEqual(each(50));
    expect(await left(database.db, 'old')).toEqual(each(0));
  });
});
