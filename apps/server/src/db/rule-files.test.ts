import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../../scripts/test-support.mjs';
import { migrationsFolder, ruleFilesFolder } from '../paths.ts';
import { databaseKinds } from '../test/test-database.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './client.ts';
import { queryRows } from './query-rows.ts';
import { RULE_FILE_NAMES } from './rule-files.ts';

const PROBE = `
-- A rule the test adds and changes.
create or replace function qp_rule_probe() returns integer language sql immutable as $$ select %s $$;`;

/** A copy of the rule files to change, and the database kinds' ways to open one database twice. */
function scratchRules() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-rules-'));
  for (const name of RULE_FILE_NAMES) fs.cpSync(path.join(ruleFilesFolder, name), path.join(folder, name));
  return folder;
}

function appendTo(folder: string, name: string, text: string) {
  fs.appendFileSync(path.join(folder, name), text);
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Opens the same database again on each call, reading the rule files from `folder`. */
async function reopener(kind: 'pglite' | 'postgres', folder: string) {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-rules-data-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return () => openPglite(dataDir, { ruleFilesFolder: folder });
  }
  const database = await createPostgresDatabase('qp_rules');
  cleanups.push(() => database.drop());
  return () => openPostgres(database.url, 2, { ruleFilesFolder: folder });
}

async function probe(handle: DatabaseHandle) {
  const [row] = await queryRows<{ value: number }>(handle.db, sql`select qp_rule_probe() as value`);
  return row?.value;
}

async function records(handle: DatabaseHandle) {
  return queryRows<{ name: string; checksum: string; applied_at: string }>(
    handle.db,
    sql`select name, checksum, applied_at::text from drizzle.__rule_files order by name`,
  );
}

describe.each(databaseKinds())('the SQL rule files (%s)', (kind) => {
  it('are applied after the migrations, and a changed one again on the next start, alone', async () => {
    const folder = scratchRules();
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    appendTo(
      folder,
      'db/japan-time.sql',
      PROBE.replace('%s', () => '1'),
    );
    const open = await reopener(kind, folder);

    const first = await open();
    await first.migrate();
    expect(await probe(first)).toBe(1);
    const before = await records(first);
    expect(before.map((r) => r.name)).toEqual([...RULE_FILE_NAMES].sort());
    await first.close();

    // Unchanged: the next start applies nothing.
    const second = await open();
    await second.migrate();
    expect(await records(second)).toEqual(before);
    await second.close();

    const text = fs.readFileSync(path.join(folder, 'db/japan-time.sql'), 'utf8');
    fs.writeFileSync(
      path.join(folder, 'db/japan-time.sql'),
      text.replace('select 1 ', () => 'select 2 '),
    );
    const third = await open();
    await third.migrate();
    expect(await probe(third)).toBe(2);
    const after = await records(third);
    const changed = after.filter((row, i) => row.checksum !== before[i]?.checksum);
    expect(changed.map((r) => r.name)).toEqual(['db/japan-time.sql']);
    // The others were not applied again.
    expect(after.filter((r) => r.name !== 'db/japan-time.sql')).toEqual(
      before.filter((r) => r.name !== 'db/japan-time.sql'),
    );
    await third.close();
  });

  it('refuses to migrate when a rule file fails, keeping nothing of that file', async () => {
    const folder = scratchRules();
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const open = await reopener(kind, folder);
    const first = await open();
    await first.migrate();
    const before = await records(first);
    await first.close();

    // The file's first statement is fine, its second is not: neither is kept.
    appendTo(
      folder,
      'domain/points/ledger.sql',
      `${PROBE.replace('%s', () => '3')}\ncreate or replace function qp_broken( returns;\n`,
    );
    const broken = await open();
    const lines = fs.readFileSync(path.join(folder, 'domain/points/ledger.sql'), 'utf8').split('\n');
    const brokenLine = lines.findIndex((line) => line.includes('qp_broken')) + 1;
    await expect(broken.migrate()).rejects.toThrow(
      `The SQL rule file domain/points/ledger.sql did not apply (line ${brokenLine}): syntax error`,
    );
    expect(await records(broken)).toEqual(before);
    await expect(probe(broken)).rejects.toThrow();
    await broken.close();
  });
});

describe('what the rule files hold', () => {
  const texts = RULE_FILE_NAMES.map((name) => ({
    name,
    text: fs.readFileSync(path.join(ruleFilesFolder, name), 'utf8'),
  }));
  const defined = texts.flatMap(({ name, text }) =>
    [...text.matchAll(/^create (or replace )?function (\w+)/gim)].map((m) => ({
      name,
      fn: m[2]!,
      replace: !!m[1],
    })),
  );

  it('each function is written once, with create or replace', () => {
    const names = defined.map((d) => d.fn);
    expect(names.length).toBeGreaterThan(40);
    expect(new Set(names).size).toBe(names.length);
    expect(defined.filter((d) => !d.replace)).toEqual([]);
  });

  it('every function the migrations leave is in a rule file, but the one an index is built on', async () => {
    const handle = await openPglite();
    cleanups.push(() => handle.close());
    await handle.migrate();
    const functions = await queryRows<{ proname: string }>(
      handle.db,
      sql`select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.proname like 'qp\_%' order by 1`,
    );
    const index = fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(migrationsFolder, f), 'utf8'))
      .join('\n');
    const outside = functions.map((f) => f.proname).filter((fn) => !defined.some((d) => d.fn === fn));
    expect(outside).toEqual(['qp_email_trigram_text']);
    expect(index).toMatch(/create index[^;]*qp_email_trigram_text\(/i);
  });
});
