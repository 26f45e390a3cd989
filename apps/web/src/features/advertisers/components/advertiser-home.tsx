import { lazy, Suspense } from 'react';
import { Loading } from '../../../components/ui/loading.tsx';
import { RequireAdvertiser } from './require-advertiser.tsx';

const DashboardPage = lazy(() => import('./dashboard-page.tsx'));

/**
 * /advertiser for a signed-in advertiser (or the admin's house ads): the dashboard instead of the
 * landing, which is for visitors. Its code loads on demand, so the landing's does not
 * carry it.
 */
export function AdvertiserHome() {
  return (
    <RequireAdvertiser>
      {(advertiser) => (
        <Suspense fallback={<Loading />}>
          <DashboardPage advertiser={advertiser} />
        </Suspense>
      )}
    </RequireAdvertiser>
  );
}
