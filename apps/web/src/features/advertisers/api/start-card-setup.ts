import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** Asks for the provider's checkout (setup mode); the page then goes there. */
export const startCardSetup = () =>
  apiFetch<{ url: string }>('/api/advertiser/card/setup-session', { method: 'POST', body: {} });

export const useStartCardSetup = () => useMutation({ mutationFn: startCardSetup });
