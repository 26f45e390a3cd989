import { api, settingSchemas } from '@quiz-points/shared';
import { getDashboard } from '../../domain/analytics/get-dashboard.ts';
import { getAdminSettings } from '../../domain/settings/get-admin-settings.ts';
import { updateSetting } from '../../domain/settings/update-setting.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** Admin: the settings (each change audited) and the numbers dashboard. */
export function adminSettingsRoutes({ database: { db } }: RouteDeps) {
  return [
    defineRoute(api.admin.getSettings, async ({ reader }) => getAdminSettings({ db: reader })),
    // The value's schema depends on the key in the path.
    defineRoute(api.admin.updateSetting, async ({ viewer, params: { key }, body }) => {
      const value = settingSchemas[key].parse(body.value);
      return updateSetting({ db, key, value, adminId: viewer.id });
    }),
    defineRoute(api.admin.getDashboard, async ({ reader, query }) => getDashboard({ db: reader, ...query })),
  ];
}
