import { isDeepStrictEqual } from 'node:util';
import { DomainError, type SettingKey, type SettingValues } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { appSettings, pricingConfig, settingsAudit } from '../../db/schema.ts';
import { defaultSettings } from '../../db/seed-defaults.ts';

/** The value in force, locked for the rest of the transaction so two edits cannot both read it. */
async function lockCurrent<K extends SettingKey>(tx: Tx, key: K): Promise<SettingValues[K] | null> {
  if (key === 'pricing') {
    const [row] = await tx.select().from(pricingConfig).where(eq(pricingConfig.id, 1)).for('update');
    if (!row) throw new DomainError('PRICING_UNAVAILABLE');
    const { userReward, baseFee, extraTargetingFee } = row;
    return { userReward, baseFee, extraTargetingFee } as SettingValues[K];
  }
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, key)).for('update');
  return (row?.value ?? defaultSettings[key as Exclude<SettingKey, 'pricing'>]) as SettingValues[K];
}

async function write<K extends SettingKey>(tx: Tx, key: K, value: SettingValues[K], now: Date) {
  if (key === 'pricing') {
    const pricing = value as SettingValues['pricing'];
    await tx
      .update(pricingConfig)
      .set({ ...pricing, updatedAt: now })
      .where(eq(pricingConfig.id, 1));
    return;
  }
  await tx
    .insert(appSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
}

/**
 * The admin changes one setting (pricing, gacha table, daily-quiz points or gift types). The new
 * value and its audit row (who, when, old, new) are written in one transaction; the next ad,
 * draw, answer or gift request reads it. An unchanged value writes nothing.
 */
export async function updateSetting<K extends SettingKey>(options: {
  db: Database;
  key: K;
  /** Parsed by the key's own schema (settingSchemas). */
  value: SettingValues[K];
  adminId: string;
  now?: Date;
}) {
  const { db, key, value, adminId, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const oldValue = await lockCurrent(tx, key);
    if (isDeepStrictEqual(oldValue, value)) return { key, value, changed: false };
    await write(tx, key, value, now);
    await tx
      .insert(settingsAudit)
      .values({ key, oldValue, newValue: value, changedBy: adminId, changedAt: now });
    return { key, value, changed: true };
  });
}
