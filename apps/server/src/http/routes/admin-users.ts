import type { FastifyInstance } from 'fastify';
import { setSuspension } from '../../domain/accounts/set-suspension.ts';
import { getUserOverview } from '../../domain/admin-users/get-user-overview.ts';
import { searchUsers } from '../../domain/admin-users/search-users.ts';
import type { RouteDeps } from '../app.ts';

/** Admin: find people, see one person's account, suspend or reinstate (signed out everywhere at once). */
export function registerAdminUserRoutes(app: FastifyInstance, { database, guards }: RouteDeps) {
  const db = database.db;

  app.get('/api/admin/users', async (request) => {
    await guards.requireAdmin(request);
    return { users: await searchUsers({ db, input: request.query }) };
  });

  app.get<{ Params: { userId: string } }>('/api/admin/users/:userId', async (request) => {
    await guards.requireAdmin(request);
    return getUserOverview({ db, userId: request.params.userId });
  });

  app.post<{ Params: { userId: string } }>('/api/admin/users/:userId/suspension', async (request) => {
    const admin = await guards.requireAdmin(request);
    return setSuspension({ db, userId: request.params.userId, input: request.body, adminId: admin.id });
  });
}
