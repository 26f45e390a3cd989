import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '../../../lib/api.ts';
import { meQueryKey } from '../../auth/api/get-me.ts';
import { LOGGED_OUT_EVENT } from '../../auth/api/sign-out.ts';

/**
 * Signs out like the user area's logout (clears the person, emits loggedOut) but stays on the
 * advertiser landing, which then shows the login form.
 */
export function useSignOutAdvertiser() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => {});
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    window.dispatchEvent(new Event(LOGGED_OUT_EVENT));
  }, [queryClient]);
}
