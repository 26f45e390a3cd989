import { type Me, messages } from '@quiz-points/shared';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { GoogleSignInButton, useMe } from '../../auth/index.ts';

/**
 * SPEC §6: only the admin account. Signed out, the page offers the Google sign-in members use, and
 * comes back to the same address; anyone else signed in is told アクセス権限がありません
 * and sent home.
 */
export function RequireAdmin({ children }: { children: (me: Me) => ReactNode }) {
  const { data: me, isPending, isLoadingError, refetch } = useMe();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const refused = me != null && !me.isAdmin;
  useEffect(() => {
    if (!refused) return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), 2000);
    return () => window.clearTimeout(timer);
  }, [refused, navigate]);
  if (isPending) return <Loading />;
  // A refresh that fails keeps the page as it is (require-user.tsx): only a failed first load stands in.
  if (isLoadingError) return <LoadFailed message={messages.loadFailed} onRetry={() => void refetch()} />;
  if (!me) {
    const here = `${pathname}${search}`;
    return (
      <div className="page card notice">
        <h1 className="page-title">管理画面</h1>
        <p>管理画面を利用するには、運営のGoogleアカウントでログインしてください。</p>
        <GoogleSignInButton callbackURL={here} newUserCallbackURL={here} />
      </div>
    );
  }
  if (!me.isAdmin) {
    return (
      <div className="page">
        <h1 className="page-title">管理画面</h1>
        <p role="alert" className="form-error">
          {messages.forbidden}
        </p>
      </div>
    );
  }
  return <>{children(me)}</>;
}
