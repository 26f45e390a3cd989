import { Outlet, useLocation, useNavigation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { usePageTracking } from '../../lib/use-page-tracking.ts';
import { useRememberReferral } from '../../lib/use-remember-referral.ts';
import { PublicHeader } from './public-header.tsx';
import { SignedInHeader } from './signed-in-header.tsx';
import { SiteFooter } from './site-footer.tsx';

export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  usePageTracking(pathname);
  useRememberReferral();
  const { data: me } = useMe();
  const signedInUser = me?.role === 'user' && !me.isSuspended;
  const isAdvertiserArea = pathname.startsWith('/advertiser');
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        本文へスキップ
      </a>
      {signedInUser ? <SignedInHeader /> : <PublicHeader />}
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label="読み込み中" />
      )}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter variant={isAdvertiserArea ? 'advertiser' : 'user'} />
    </div>
  );
}
