import type { Config } from '../config.ts';
import type { Tracing } from '../services/tracing/tracing.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './client.ts';

/** The configured database; with `tracing`, PostgreSQL's queries are spans of their requests. */
export function openDatabase(config: Config, tracing?: Tracing | null): Promise<DatabaseHandle> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, undefined, { replica: config.database.replica, tracing })
    : openPglite(config.database.dataDir);
}
