import type { Config } from '../config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './client.ts';

export function openDatabase(config: Config): Promise<DatabaseHandle> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, undefined, { replica: config.database.replica })
    : openPglite(config.database.dataDir);
}
