import { messages } from '@quiz-points/shared';
import { Fragment, type Key, type ReactNode } from 'react';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import type { CursorPages } from '../hooks/use-cursor-pages.ts';

/**
 * An admin list the server hands out a page at a time: loading, failed (with a retry),
 * the `empty` card, or the cards loaded so far, then how many are shown and もっと見る while more
 * remain. `children` draws an item as its `<li>`.
 */
export function PagedList<Page extends { nextCursor: string | null }, Item>({
  list,
  items,
  itemKey = (item) => (item as { id: Key }).id,
  empty,
  label,
  endNote = '（これ以上はありません）',
  children,
}: {
  list: CursorPages<Page>;
  items: (page: Page) => readonly Item[];
  itemKey?: (item: Item) => Key;
  empty: ReactNode;
  label: string;
  endNote?: string;
  children: (item: Item) => ReactNode;
}) {
  const { query } = list;
  if (!query.data) {
    return query.isError ? (
      <LoadFailed message={messages.loadFailed} onRetry={() => void query.refetch()} />
    ) : (
      <Loading />
    );
  }
  const loaded = query.data.pages.flatMap((page) => items(page));
  if (loaded.length === 0) return <p className="card">{empty}</p>;
  return (
    <>
      {query.isRefetchError && (
        <LoadFailed message={messages.loadFailed} onRetry={() => void query.refetch()} />
      )}
      <ul className="ad-list" aria-label={label}>
        {loaded.map((item) => (
          <Fragment key={itemKey(item)}>{children(item)}</Fragment>
        ))}
      </ul>
      <LoadMore
        query={list}
        shown={loaded.length}
        endNote={endNote}
        failedMessage={messages.loadFailed}
        block="admin-list"
      />
    </>
  );
}
