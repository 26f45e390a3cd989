import { api } from '@quiz-points/shared';
import { getAdvertiserOverview } from '../../domain/admin-advertisers/get-advertiser-overview.ts';
import { searchAdvertisers } from '../../domain/admin-advertisers/search-advertisers.ts';
import { setAdvertiserSuspension } from '../../domain/admin-advertisers/set-advertiser-suspension.ts';
import { defineRoute } from '../define-route.ts';
import type { RouteDeps } from '../route-deps.ts';

/** Admin: the advertiser list, one advertiser's ads, spend and invoices, and their suspension. */
export function adminAdvertiserRoutes({ database: { db } }: RouteDeps) {
  return [
    defineRoute(api.admin.searchAdvertisers, async ({ reader, query }) =>
      searchAdvertisers({ db: reader, ...query }),
    ),
    defineRoute(api.admin.getAdvertiserOverview, async ({ reader, params }) =>
      getAdvertiserOverview({ db: reader, ...params }),
    ),
    defineRoute(api.admin.setAdvertiserSuspension, async ({ viewer, params, body }) =>
      setAdvertiserSuspension({ db, ...params, input: body, adminId: viewer.id }),
    ),
  ];
}
