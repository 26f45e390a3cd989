import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authKeys } from '../../auth/index.ts';
import { earningKeys } from '../api/keys.ts';

/** After points changed: the balance (me), the passbook, and whatever else the change touched. */
export function useRefreshPoints() {
  const queryClient = useQueryClient();
  return useCallback(
    (...also: QueryKey[]) => {
      for (const queryKey of [authKeys.me(), earningKeys.history(), ...also]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient],
  );
}
