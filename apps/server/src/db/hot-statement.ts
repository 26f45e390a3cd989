import { PGlite } from '@electric-sql/pglite';
import { DomainError, type ErrorCode, errorCodes, type MessageKey, messages } from '@quiz-points/shared';
import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * A hot request's whole work as one statement (a function of a SQL rule file, db/rule-files.ts), sent
 * as a named prepared statement: one round trip, parsed and planned once per connection, with no
 * query building or row mapping per request.
 */
export interface HotStatement {
  /** The server-side name (node-postgres prepares it once per pooled connection). */
  name: string;
  text: string;
}

/** SQLSTATE of qp_refuse: a business rule said no; the message is the error code. */
const REFUSAL = 'QPREF';

/**
 * The DomainError behind a refusal raised by the database (qp_refuse), or null for any other
 * failure. Drizzle wraps driver errors, so the cause is looked at too.
 */
export function refusalOf(error: unknown): DomainError | null {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, detail, cause } = current as Record<string, unknown>;
    if (code === REFUSAL && typeof message === 'string' && message in errorCodes) {
      const key = typeof detail === 'string' && detail in messages ? (detail as MessageKey) : null;
      return new DomainError(message as ErrorCode, key ? messages[key] : undefined);
    }
    current = cause;
  }
  return null;
}

/** Runs a hot statement on the driver itself; a refusal it raises becomes its DomainError. */
export async function runHot<Row>(db: Database, statement: HotStatement, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  try {
    if (client instanceof PGlite) return (await client.query<Row>(statement.text, values)).rows;
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as Row[];
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}
