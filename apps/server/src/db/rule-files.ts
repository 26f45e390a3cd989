import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ruleFilesFolder } from '../paths.ts';

/**
 * The SQL rules: the functions and triggers' functions that hold the hot paths (docs/decisions/
 * 035-sql-rule-files.md). Each file sits beside the TypeScript that calls it and is the one place its
 * functions are written (`create or replace` only). The versioned migrations hold tables and data
 * changes; after them, every file whose text changed since it was last applied is applied again, in
 * this order (a file may call the functions of the files before it), and recorded in
 * drizzle.__rule_files. A function's arguments or result type cannot change with `create or replace`:
 * drop the old signature at the top of its file.
 *
 * A function an index or a generated column is built on (qp_email_trigram_text) is not here: changing
 * it means rebuilding what was built with it, which is a versioned migration's work.
 */
export const RULE_FILE_NAMES = [
  'db/refuse.sql',
  'db/japan-time.sql',
  'domain/accounts/member.sql',
  'domain/rate-limits/count-rate-limit-hit.sql',
  'domain/points/ledger.sql',
  'domain/ads/ad-delivery.sql',
  'domain/ads/targeting.sql',
  'domain/ads/click-ad.sql',
  'domain/ads/answer-ad-quiz.sql',
  'domain/ads/list-ads-for-user.sql',
  'domain/daily-quiz/answer-daily-quiz.sql',
  'domain/gacha/claim-daily-gacha.sql',
  'domain/gifts/request-gift.sql',
  'domain/analytics/site-figures.sql',
  'domain/advertisers/reach-cells.sql',
  'domain/maintenance/keep-page-view-months.sql',
  'domain/notices/notice-reads.sql',
] as const;

export interface RuleFile {
  /** Its path below apps/server/src, as recorded. */
  name: string;
  sql: string;
  checksum: string;
}

/** The rule files' texts, in their order (from the source tree, or the copy beside the build). */
export function readRuleFiles(
  folder = ruleFilesFolder,
  names: readonly string[] = RULE_FILE_NAMES,
): RuleFile[] {
  return names.map((name) => {
    const sql = fs.readFileSync(path.join(folder, name), 'utf8');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/** One connection's queries: a pg client or PGlite. */
export interface RuleConnection {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements (no parameters). */
  exec(text: string): Promise<unknown>;
}

/** Thrown when a rule file does not apply: nothing of that file was kept. */
export class RuleFileError extends Error {
  constructor(file: RuleFile, cause: unknown) {
    const driver = cause as { message?: unknown; position?: unknown };
    const position = Number(driver.position);
    const line =
      Number.isInteger(position) && position > 0 ? file.sql.slice(0, position).split('\n').length : null;
    super(
      `The SQL rule file ${file.name} did not apply${line ? ` (line ${line})` : ''}: ${String(driver.message ?? cause)}`,
      { cause },
    );
    this.name = 'RuleFileError';
  }
}

/** The checksums recorded as applied (read-only: none when nothing was ever recorded). */
async function appliedChecksums(connection: RuleConnection): Promise<Map<string, string>> {
  const { rows } = await connection.query<{ present: boolean }>(
    "select to_regclass('drizzle.__rule_files') is not null as present",
  );
  if (!rows[0]?.present) return new Map();
  const applied = await connection.query<{ name: string; checksum: string }>(
    'select name, checksum from drizzle.__rule_files',
  );
  return new Map(applied.rows.map((row) => [row.name, row.checksum]));
}

/** Whether every rule file is applied as it reads now (read-only: no DDL). */
export async function ruleFilesApplied(connection: RuleConnection, files: RuleFile[]): Promise<boolean> {
  const applied = await appliedChecksums(connection);
  return files.every((file) => applied.get(file.name) === file.checksum);
}

/**
 * Applies, in order, each rule file whose text is not the one recorded, each in a transaction of its
 * own with its record. The caller holds the migration lock (or, on PGlite, the data folder's). The
 * driver's error stays the thrown one's cause, so its SQLSTATE can still be read there.
 */
export async function applyRuleFiles(connection: RuleConnection, files: RuleFile[]): Promise<void> {
  await connection.exec(`
    create schema if not exists drizzle;
    create table if not exists drizzle.__rule_files (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    );`);
  const applied = await appliedChecksums(connection);
  for (const file of files) {
    if (applied.get(file.name) === file.checksum) continue;
    await connection.exec('begin');
    try {
      await connection.exec(file.sql);
      await connection.query(
        `insert into drizzle.__rule_files (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
        [file.name, file.checksum],
      );
      await connection.exec('commit');
    } catch (error) {
      await connection.exec('rollback').catch(() => {});
      throw new RuleFileError(file, error);
    }
  }
}
