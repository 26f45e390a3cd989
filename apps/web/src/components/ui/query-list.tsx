import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type Key, type ReactNode } from 'react';
import { QueryContent } from './query-content.tsx';

/**
 * A loaded list of cards: loading, failed (with its message), the `empty` card, or one item each.
 * `children` draws an item as its `<li>`; an item is known by `itemKey`, or else by its `id`.
 */
export function QueryList<Data, Item>({
  query,
  items,
  itemKey = (item) => (item as { id: Key }).id,
  errorMessage,
  empty,
  label,
  loading,
  children,
}: {
  query: UseQueryResult<Data>;
  items: (data: Data) => readonly Item[];
  itemKey?: (item: Item) => Key;
  errorMessage?: string;
  empty: ReactNode;
  label?: string;
  /** The list's skeleton while it loads (lines without one). */
  loading?: ReactNode;
  children: (item: Item) => ReactNode;
}) {
  return (
    <QueryContent
      query={query}
      errorMessage={errorMessage}
      isEmpty={(data) => items(data).length === 0}
      empty={empty}
      loading={loading}
    >
      {(data) => (
        <ul className="ad-list" aria-label={label}>
          {items(data).map((item) => (
            <Fragment key={itemKey(item)}>{children(item)}</Fragment>
          ))}
        </ul>
      )}
    </QueryContent>
  );
}
