import { type AdvertiserMe, messages } from '@quiz-points/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { useMe } from '../../auth/index.ts';
import { useAdvertiserMe } from '../api/get-advertiser-me.ts';

/**
 * The advertiser's own pages, for a signed-in advertiser or the admin (house ads); anyone else goes
 * to the advertiser landing.
 */
export function RequireAdvertiser({ children }: { children: (advertiser: AdvertiserMe) => ReactNode }) {
  const me = useMe();
  const isAdvertiser = me.data?.role === 'advertiser' || me.data?.isAdmin === true;
  const advertiser = useAdvertiserMe(isAdvertiser);
  if (me.isPending || (isAdvertiser && advertiser.isPending)) return <Loading />;
  // A refresh that fails keeps the page as it is (require-user.tsx): only a failed first load stands in.
  if (me.isLoadingError || advertiser.isLoadingError) {
    const retry = () => void (me.isLoadingError ? me.refetch() : advertiser.refetch());
    return <LoadFailed message={messages.userInfoNotFound} onRetry={retry} />;
  }
  if (!isAdvertiser || !advertiser.data) return <Navigate to="/advertiser" replace />;
  return <>{children(advertiser.data)}</>;
}
