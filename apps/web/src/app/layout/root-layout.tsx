import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
// By file, not through auth's index.ts: see features/home/components/home-page.tsx.
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSendToSignup } from '../../features/auth/hooks/use-send-to-signup.ts';
import { usePageTracking } from '../../lib/use-page-tracking.ts';
import { useRememberReferral } from '../../lib/use-remember-referral.ts';
import { PublicHeader } from './public-header.tsx';
import { SiteFooter } from './site-footer.tsx';

// A visitor never needs the signed-in header and side menu, so its code loads only after sign-in.
const SignedInHeader = lazy(() =>
  import('./signed-in-header.tsx').then((module) => ({ default: module.SignedInHeader })),
);

const headerPlaceholder = <header className="site-header site-header--signed-in" />;

export function RootLayout() {
  const { pathname } = useLocation();
  usePageTracking(pathname);
  useRememberReferral();
  useSendToSignup();
  const { data: me, isPending } = useMe();
  const signedInUser = me?.role === 'user' && !me.isSuspended;
  const isAdvertiserArea = pathname.startsWith('/advertiser');
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        本文へスキップ
      </a>
      {/* Until the session is known, an empty header bar (not the visitor's links) holds the place. */}
      {isPending ? (
        headerPlaceholder
      ) : signedInUser ? (
        <Suspense fallback={headerPlaceholder}>
          <SignedInHeader />
        </Suspense>
      ) : (
        <PublicHeader />
      )}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* A page's code arriving on demand: the bar shows while it loads. */}
        <Suspense fallback={<div className="route-progress" role="progressbar" aria-label="読み込み中" />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter variant={isAdvertiserArea ? 'advertiser' : 'user'} />
    </div>
  );
}
