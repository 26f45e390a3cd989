import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { defaultSettings } from '../../db/seed-defaults.ts';

export type Settings = typeof defaultSettings;

/** A setting the admin edits; the documented default when it was never stored. */
export async function readSetting<K extends keyof Settings>(db: Executor, key: K): Promise<Settings[K]> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return (row?.value as Settings[K] | undefined) ?? defaultSettings[key];
}
