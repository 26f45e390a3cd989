import { type Me, messages } from '@quiz-points/shared';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMe } from '../api/get-me.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

/**
 * The member group's guard (app/guards.tsx): its children for a signed-in general user;
 * otherwise it says what to do.
 */
export function RequireUser({ children }: { children: (me: Me) => ReactNode }) {
  const { data: me, isPending, isLoadingError, refetch } = useMe();
  const { pathname } = useLocation();
  if (isPending) {
    return (
      <Skeleton className="page">
        <Bone kind="title" />
        <Bone />
        <Bone width="half" />
      </Skeleton>
    );
  }
  // Only a first load that failed stands in for the page: once known, the member stays known through a
  // refresh that fails (a phone losing its signal), so nothing typed on the page is lost.
  if (isLoadingError) return <LoadFailed message={messages.loadFailed} onRetry={() => void refetch()} />;
  if (me?.role !== 'user') {
    return (
      <div className="card notice">
        <h1 className="page-title">ログインが必要です</h1>
        <p>この画面を利用するには、Googleアカウントでログインしてください。</p>
        <GoogleSignInButton callbackURL={pathname} />
      </div>
    );
  }
  return <>{children(me)}</>;
}
