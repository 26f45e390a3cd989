import { Navigate, Outlet } from 'react-router';
import { RequireAdmin } from '../features/admin/components/require-admin.tsx';
import { RequireAdvertiser } from '../features/advertisers/components/require-advertiser.tsx';
import { RequireUser } from '../features/auth/components/require-user.tsx';

/** Who a guarded group is for. */
export type GuardedAudience = 'signup' | 'member' | 'advertiser' | 'admin';

/**
 * The guard of each guarded route group, applied once for all its pages; the Outlet context is who
 * passed it (Me for members — signup's page alone lets in one who has not finished it — and the admin, AdvertiserMe for advertisers). Loaded on demand with the
 * group's first page, so a visitor's first download carries none of it (route-groups.tsx).
 */
export default function Guard({ audience }: { audience: GuardedAudience }) {
  if (audience === 'signup' || audience === 'member') {
    // A member who has not finished signup is sent to it from every member page but signup itself.
    return (
      <RequireUser>
        {(me) =>
          audience === 'member' && me.needsSignup ? (
            <Navigate to="/signup" replace />
          ) : (
            <Outlet context={me} />
          )
        }
      </RequireUser>
    );
  }
  if (audience === 'advertiser') {
    return <RequireAdvertiser>{(advertiser) => <Outlet context={advertiser} />}</RequireAdvertiser>;
  }
  return <RequireAdmin>{(me) => <Outlet context={me} />}</RequireAdmin>;
}
