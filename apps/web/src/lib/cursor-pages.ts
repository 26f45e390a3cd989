import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query options of a list the server hands out a page at a time: the first page is asked for
 * without a cursor, and each page's `nextCursor` asks for the next (null: there is no more).
 */
export const cursorPagesOptions = <Page extends { nextCursor: string | null }, Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (cursor: string | null) => Promise<Page>,
  { refetchInterval }: { refetchInterval?: number } = {},
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval,
  });
