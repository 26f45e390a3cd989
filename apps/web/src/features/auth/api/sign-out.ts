import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api.ts';
import { authKeys } from './keys.ts';

export const LOGGED_OUT_EVENT = 'loggedOut';

export const signOut = () => apiFetch<undefined>('POST /api/auth/sign-out');

export interface SignOutOptions {
  /** Where to go afterwards (`/` unless told); null stays on the page (the advertiser landing). */
  to?: string | null;
  /** History state for the next page, such as a notice to show there. */
  state?: { notice: string };
  /** The server has ended the session already (withdrawal): only forget it here. */
  sessionEnded?: boolean;
}

/**
 * The one sign-out, for users, advertisers and withdrawal (SPEC §2): ends the session, forgets
 * everything the signed-in person loaded (only `me` stays, as null), emits loggedOut and moves on.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ to = '/', state, sessionEnded = false }: SignOutOptions = {}) => {
      if (!sessionEnded) await signOut().catch(() => {});
      queryClient.setQueryData(authKeys.me(), null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.me()[0] });
      window.dispatchEvent(new Event(LOGGED_OUT_EVENT));
      if (to !== null) navigate(to, { replace: sessionEnded, state });
    },
    [queryClient, navigate],
  );
}
