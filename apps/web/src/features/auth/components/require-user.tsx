import type { Me } from '@quiz-points/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { useMe } from '../api/get-me.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

/** Renders its children for a signed-in general user who finished signup; otherwise says what to do. */
export function RequireUser({
  children,
  allowSignup = false,
}: {
  children: (me: Me) => ReactNode;
  allowSignup?: boolean;
}) {
  const { data: me, isPending, isError } = useMe();
  const { pathname } = useLocation();
  if (isPending) return <Loading />;
  if (isError) {
    return (
      <p role="alert" className="form-error">
        読み込みに失敗しました
      </p>
    );
  }
  if (!me || me.role !== 'user') {
    return (
      <div className="card notice">
        <h1 className="page-title">ログインが必要です</h1>
        <p>この画面を利用するには、Googleアカウントでログインしてください。</p>
        <GoogleSignInButton callbackURL={pathname} />
      </div>
    );
  }
  if (me.needsSignup && !allowSignup) return <Navigate to="/signup" replace />;
  return <>{children(me)}</>;
}
