import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

// The database's types, apart from how it is opened (client.ts), so what client.ts opens (the replica
// reader) can name them without importing it back.
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Database | Tx;
