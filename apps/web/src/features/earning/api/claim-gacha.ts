import type { api } from '@quiz-points/shared';
import { callApi } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { earningKeys } from './keys.ts';

export const claimGacha = () => callApi<typeof api.earning.claimDailyGacha>('POST /api/gacha/claim');

/** The passbook is refreshed at once; the balance once the roll is over (gacha.tsx). */
export const useClaimGacha = () => useRefreshingMutation(claimGacha, earningKeys.history());
