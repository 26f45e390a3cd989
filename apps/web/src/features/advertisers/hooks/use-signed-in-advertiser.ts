import type { AdvertiserMe } from '@quiz-points/shared';
import { useOutletContext } from 'react-router';

/** The advertiser (or the admin, for house ads) the advertiser group's guard let in (app/route-groups.tsx). */
export const useSignedInAdvertiser = () => useOutletContext<AdvertiserMe>();
