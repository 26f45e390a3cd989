import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that refreshes the queries under `queryKey` once it is done, whether it succeeded or
 * not (a refused write may still mean the list changed under the person's feet).
 */
export function useRefreshingMutation<Result, Input>(
  mutationFn: (input: Input) => Promise<Result>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) });
}
