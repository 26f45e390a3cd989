import { dashboardQuery } from '@quiz-points/shared';
import type { FastifyInstance } from 'fastify';
import { getDashboard } from '../../domain/analytics/get-dashboard.ts';
import { getAdminSettings } from '../../domain/settings/get-admin-settings.ts';
import { updateSetting } from '../../domain/settings/update-setting.ts';
import type { RouteDeps } from '../app.ts';

/** Admin: the settings (each change audited) and the numbers dashboard. */
export function registerAdminSettingsRoutes(app: FastifyInstance, { database, guards }: RouteDeps) {
  const db = database.db;

  app.get('/api/admin/settings', async (request) => {
    await guards.requireAdmin(request);
    return getAdminSettings({ db });
  });

  app.put<{ Params: { key: string } }>('/api/admin/settings/:key', async (request) => {
    const admin = await guards.requireAdmin(request);
    return updateSetting({ db, key: request.params.key, input: request.body, adminId: admin.id });
  });

  app.get('/api/admin/dashboard', async (request) => {
    await guards.requireAdmin(request);
    const { days } = dashboardQuery.parse(request.query ?? {});
    return getDashboard({ db, days });
  });
}
