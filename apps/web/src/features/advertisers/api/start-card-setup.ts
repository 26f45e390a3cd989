import type { api } from '@quiz-points/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** Asks for the provider's checkout (setup mode); the page then goes there. */
export const startCardSetup = () =>
  callApi<typeof api.billing.startCardSetup>('POST /api/advertiser/card/setup-session');

export const useStartCardSetup = () => useMutation({ mutationFn: startCardSetup });
