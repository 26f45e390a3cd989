import { Outlet, useLocation } from 'react-router';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';
import type { GuardedAudience } from './guards.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** Who a route group is for. */
export type Audience = 'public' | GuardedAudience;

const guard = lazyWithPreload(() => import('./guards.tsx'));
const Guard = guard.Component;

/** The guards' code, loaded with a guarded page's before the page hydrates (router.tsx). */
export const preloadGuard = guard.preload;

/**
 * A route group's layout: one error boundary for its pages (keyed by the path, so another page
 * starts afresh) and, for a guarded group (signup, members, advertisers, the admin), its guard
 * (guards.tsx), applied once for them all. The guard's code loads on demand; until it is here, the
 * layout's loading bar shows, as the build's shells show it (entry-server.tsx).
 */
export function RouteGroup({ audience }: { audience: Audience }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      {audience === 'public' ? <Outlet /> : <Guard audience={audience} />}
    </RouteErrorBoundary>
  );
}
