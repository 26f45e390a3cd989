import { api } from '@quiz-points/shared';
import { setSuspension } from '../../domain/accounts/set-suspension.ts';
import { getUserOverview } from '../../domain/admin-users/get-user-overview.ts';
import { searchUsers } from '../../domain/admin-users/search-users.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** Admin: find people, see one person's account, suspend or reinstate (signed out everywhere at once). */
export function adminUserRoutes({ database: { db } }: RouteDeps) {
  return [
    defineRoute(api.admin.searchUsers, async ({ reader, query }) => searchUsers({ db: reader, ...query })),
    defineRoute(api.admin.getUserOverview, async ({ reader, params }) =>
      getUserOverview({ db: reader, ...params }),
    ),
    defineRoute(api.admin.setSuspension, async ({ viewer, params, body }) =>
      setSuspension({ db, ...params, input: body, adminId: viewer.id }),
    ),
  ];
}
