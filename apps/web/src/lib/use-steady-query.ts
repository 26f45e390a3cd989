import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * A query whose arguments change as someone works (a page of a table, a range of days, a
 * targeting): the last answer stays on screen, marked `isPlaceholderData`, until the new one
 * arrives, so nothing flickers or empties in between.
 */
export const useSteadyQuery = <T>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  options: { staleTime?: number; retry?: boolean } = {},
) => useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, ...options });
