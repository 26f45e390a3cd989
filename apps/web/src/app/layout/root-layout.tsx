import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
// By file, not through auth's index.ts: see features/home/components/home-page.tsx.
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSendToSignup } from '../../features/auth/hooks/use-send-to-signup.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { usePageTracking } from '../../lib/use-page-tracking.ts';
import { useRememberReferral } from '../../lib/use-remember-referral.ts';
import { consoleAreaOf } from './console-area.ts';
import { ConsoleFrame } from './console-frame.tsx';
import { PublicHeader } from './public-header.tsx';
import { SiteFooter } from './site-footer.tsx';

// A visitor never needs the signed-in header and side menu, so its code loads only after sign-in.
const signedInHeader = lazyWithPreload(() =>
  import('./signed-in-header.tsx').then((module) => ({ default: module.SignedInHeader })),
);
const memberTabBar = lazyWithPreload(() =>
  import('./member-tab-bar.tsx').then((module) => ({ default: module.MemberTabBar })),
);
const SignedInHeader = signedInHeader.Component;
const MemberTabBar = memberTabBar.Component;

/**
 * The member's frame (header, tab bar), loaded before a page the server drew with the member's data
 * hydrates (main.tsx), and before the server draws one (entry-server.tsx).
 */
export const preloadMemberFrame = () => Promise.all([signedInHeader.preload(), memberTabBar.preload()]);

// The consoles' layout (navigation, top bar, footer) loads with the first console page.
const ConsoleLayout = lazy(() => import('./console-layout.tsx'));

const headerPlaceholder = <header className="site-header site-header--signed-in" />;
const pageLoading = <div className="route-progress" role="progressbar" aria-label="読み込み中" />;

export function RootLayout() {
  const { pathname } = useLocation();
  usePageTracking(pathname);
  useRememberReferral();
  useSendToSignup();
  const { data: me, isPending } = useMe();
  const signedInUser = me?.role === 'user' && !me.isSuspended;
  const isAdvertiserArea = pathname.startsWith('/advertiser');
  const consoleArea = consoleAreaOf(pathname, me, isPending);
  // A page's code arriving on demand: the bar shows while it loads.
  const page = (
    <Suspense fallback={pageLoading}>
      <Outlet />
    </Suspense>
  );
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        本文へスキップ
      </a>
      {consoleArea ? (
        <Suspense fallback={<ConsoleFrame>{pageLoading}</ConsoleFrame>}>
          <ConsoleLayout area={consoleArea}>{page}</ConsoleLayout>
        </Suspense>
      ) : (
        <>
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
            {page}
          </main>
          <SiteFooter variant={isAdvertiserArea ? 'advertiser' : 'user'} />
          {signedInUser && !me.needsSignup && (
            <Suspense fallback={null}>
              <MemberTabBar />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
