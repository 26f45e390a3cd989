import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../api/keys.ts';

/** A mutation that changes the signed-in person (profile, phone, signup): `me` is read again after it. */
export function useMutationRefreshingMe<Body, Result>(mutationFn: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
