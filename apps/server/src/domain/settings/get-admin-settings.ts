import type { AdminSettingsView } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { readPricing } from '../advertisers/read-pricing.ts';
import { listSettingsAudit } from './list-settings-audit.ts';
import { readSetting } from './read-setting.ts';

/** Every editable setting as in force now, with the latest changes. */
export async function getAdminSettings({ db }: { db: Database }): Promise<AdminSettingsView> {
  const [pricing, gachaTable, dailyQuizPoints, giftTypes, audit] = await Promise.all([
    readPricing(db),
    readSetting(db, 'gachaTable'),
    readSetting(db, 'dailyQuizPoints'),
    readSetting(db, 'giftTypes'),
    listSettingsAudit(db),
  ]);
  return {
    values: { pricing, gachaTable, dailyQuizPoints, giftTypes },
    audit,
  };
}
