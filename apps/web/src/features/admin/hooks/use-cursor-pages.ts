import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

type Loaded<Page> = { pages: Page[] };

/**
 * An admin list the server hands out a page at a time (`nextCursor`), as one query whose data is the
 * pages loaded so far: `fetchNextPage` (もっと見る) adds the page after the last, and a refresh (the
 * list invalidated after a review or a settlement) asks again for as many pages as were loaded, from
 * the first, each from the cursor the fresh page before it gave. The same answer as an infinite
 * query, but from `useQuery` alone: the infinite query's code, used by member pages too, would move
 * into a chunk every first page downloads (e2e/bundle-budget.e2e.ts).
 */
export function useCursorPages<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null) => Promise<Page>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const [next, setNext] = useState<{ fetching: boolean; failed: boolean }>({
    fetching: false,
    failed: false,
  });
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: async (): Promise<Loaded<Page>> => {
      const wanted = queryClient.getQueryData<Loaded<Page>>(queryKey)?.pages.length ?? 1;
      const pages: Page[] = [];
      let cursor: string | null = null;
      do {
        const page = await fetchPage(cursor);
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor !== null && pages.length < wanted);
      return { pages };
    },
  });
  const cursor = query.data?.pages.at(-1)?.nextCursor ?? null;
  const fetchNextPage = async (): Promise<{ hasNextPage: boolean }> => {
    if (cursor === null) return { hasNextPage: false };
    setNext({ fetching: true, failed: false });
    try {
      const page = await fetchPage(cursor);
      queryClient.setQueryData<Loaded<Page>>(queryKey, (loaded) =>
        loaded ? { pages: [...loaded.pages, page] } : loaded,
      );
      setNext({ fetching: false, failed: false });
      return { hasNextPage: page.nextCursor !== null };
    } catch {
      setNext({ fetching: false, failed: true });
      return { hasNextPage: true };
    }
  };
  return {
    query,
    hasNextPage: cursor !== null,
    isFetchingNextPage: next.fetching,
    isFetchNextPageError: next.failed,
    fetchNextPage,
  };
}

export type CursorPages<Page extends { nextCursor: string | null }> = ReturnType<typeof useCursorPages<Page>>;
