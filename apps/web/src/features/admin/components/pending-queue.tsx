import { formatNumber } from '@quiz-points/shared';
import type { ReactNode } from 'react';
import { InlineForm } from '../../../components/ui/inline-form.tsx';
import type { FormSchema } from '../../../lib/use-form.ts';
import type { CursorPages } from '../hooks/use-cursor-pages.ts';
import { useSearchForm } from '../hooks/use-search-form.ts';
import { OutcomeStatus } from './outcome-status.tsx';
import { PagedList } from './paged-list.tsx';

/** A queue of work waiting for the admin: its words, its search, and how its pages are asked for. */
export interface Queue<Page extends { nextCursor: string | null; total: number }, Item> {
  /** What waits, in words (審査待ちの広告): the search's hint, the count and the empty list say it. */
  what: string;
  /** The list's accessible name. */
  label: string;
  search: { id: string; label: string; schema: FormSchema<{ q?: string }> };
  totalTestId: string;
  usePages: (q: string) => CursorPages<Page>;
  items: (page: Page) => readonly Item[];
}

/**
 * A queue of work waiting for the admin (ads to review, gift requests), oldest first: searched by
 * words kept in the address (an empty search lists it all), what the last action did (`outcome`),
 * how many match, then the items a page at a time (`children` draws one as its `<li>`).
 */
export function PendingQueue<Page extends { nextCursor: string | null; total: number }, Item>({
  queue,
  outcome,
  children,
}: {
  queue: Queue<Page, Item>;
  outcome: string;
  children: (item: Item) => ReactNode;
}) {
  // An empty search lists everything (no q at all).
  const { q, search } = useSearchForm(queue.search.schema, (text) => (text.trim() === '' ? {} : { q: text }));
  const list = queue.usePages(q);
  const total = list.query.data?.pages[0]?.total;
  const { what } = queue;
  return (
    <>
      <InlineForm
        id={queue.search.id}
        label={queue.search.label}
        className="field"
        type="search"
        {...search.props}
        buttonLabel="検索する"
        hint={`一部だけでも検索できます。空欄で検索すると、${what}をすべて古い順に表示します。`}
      />
      <OutcomeStatus text={outcome} />
      {total !== undefined && (
        <p className="note" data-testid={queue.totalTestId}>
          {q ? `「${q}」に当てはまる${what}` : what} {formatNumber(total)}件（古い順）
        </p>
      )}
      <PagedList
        list={list}
        items={queue.items}
        empty={q ? `当てはまる${what}はありません。` : `${what}はありません。`}
        label={queue.label}
      >
        {children}
      </PagedList>
    </>
  );
}
