import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { messages } from '@quiz-points/shared';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.ts';

/** A copy of the migrations folder that stops after `lastTag`, to migrate a database part of the way. */
function migrationsUpTo(lastTag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'qp-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0005', () => {
  const folder = migrationsUpTo('0004_hot_ad');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('moves suspensions from settings_audit to admin_audit and leaves settings alone', async () => {
    // Migrating to the newest creates pg_trgm (0014), which PGlite loads as db/client.ts does.
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      insert into settings_audit (key, old_value, new_value, changed_by, changed_at) values
        ('suspension:u1', '{"suspended":false,"reason":null}', '{"suspended":true,"reason":"不正"}', 'admin', '2026-11-01T00:00:00Z'),
        ('suspension:u1', '{"suspended":true,"reason":"不正"}', '{"suspended":false,"reason":"解除"}', 'admin', '2026-11-02T00:00:00Z'),
        ('dailyQuizPoints', '10', '20', 'admin', '2026-11-03T00:00:00Z');`);
    await migrate(db, { migrationsFolder });

    const moved = await client.query(
      `select action, target_id, reason, details, acted_by, acted_at::text from admin_audit order by id`,
    );
    expect(moved.rows).toEqual([
      {
        action: 'suspend',
        target_id: 'u1',
        reason: '不正',
        details: { before: { suspended: false, reason: null } },
        acted_by: 'admin',
        acted_at: '2026-11-01 00:00:00+00',
      },
      {
        action: 'unsuspend',
        target_id: 'u1',
        reason: '解除',
        details: { before: { suspended: true, reason: '不正' } },
        acted_by: 'admin',
        acted_at: '2026-11-02 00:00:00+00',
      },
    ]);
    expect((await client.query(`select key from settings_audit`)).rows).toEqual([{ key: 'dailyQuizPoints' }]);
    await client.close();
  });
});

describe('ledger memos written by the SQL functions', () => {
  const sqlText = readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => readFileSync(path.join(migrationsFolder, name), 'utf8'))
    .join('\n');

  it.each([
    messages.memoGacha,
    messages.memoDailyQuiz,
    messages.memoAdQuizCorrect,
    messages.memoAdQuizAnswered,
    messages.memoGiftExchange,
  ])('are the catalogue’s: %s', (memo) => {
    expect(sqlText).toContain(`'${memo}'`);
  });
});
