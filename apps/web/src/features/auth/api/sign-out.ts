import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api.ts';
import { meQueryKey } from './get-me.ts';

export const LOGGED_OUT_EVENT = 'loggedOut';

/** SPEC §2: logout clears the user, emits a loggedOut event and goes to /. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (state?: { notice: string }) => {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => {});
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    window.dispatchEvent(new Event(LOGGED_OUT_EVENT));
    navigate('/', { state });
  };
}
