import type { AdminSettingsView } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pricingConfig } from '../../db/schema.ts';
import { defaultPricing } from '../../db/seed-defaults.ts';
import { listSettingsAudit } from './list-settings-audit.ts';
import { readSetting } from './read-setting.ts';

/** Every editable setting as in force now, with the latest changes. */
export async function getAdminSettings({ db }: { db: Database }): Promise<AdminSettingsView> {
  const [[pricingRow], gachaTable, dailyQuizPoints, giftTypes, audit] = await Promise.all([
    db.select().from(pricingConfig).where(eq(pricingConfig.id, 1)),
    readSetting(db, 'gachaTable'),
    readSetting(db, 'dailyQuizPoints'),
    readSetting(db, 'giftTypes'),
    listSettingsAudit(db, { settingsOnly: true }),
  ]);
  const { userReward, baseFee, extraTargetingFee } = pricingRow ?? defaultPricing;
  return {
    values: { pricing: { userReward, baseFee, extraTargetingFee }, gachaTable, dailyQuizPoints, giftTypes },
    audit,
  };
}
