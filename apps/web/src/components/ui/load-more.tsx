import { formatNumber } from '@quiz-points/shared';
import { useRef } from 'react';
import { uiText } from '../../lib/ui-text.ts';
import { LoadFailed } from './query-content.tsx';

/**
 * The end of a list loaded a page at a time: how many are shown (role=status), a failed page's
 * message, and もっと見る while more remain. The button leaves with the last page, so the keyboard's
 * place moves to the count, which then says the list is complete. `block` names the classes
 * (`${block}__count`, `${block}__more`).
 */
export function LoadMore({
  query,
  shown,
  endNote,
  failedMessage,
  block,
}: {
  /** An infinite query's result, or anything that pages the same way (the console's lists). */
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<{ hasNextPage: boolean }>;
  };
  shown: number;
  /** Said after the count once everything is shown, e.g. （これ以上の履歴はありません）. */
  endNote: string;
  failedMessage: string;
  block: string;
}) {
  const count = useRef<HTMLParagraphElement>(null);
  const loadMore = async () => {
    if (query.isFetchingNextPage) return;
    const loaded = await query.fetchNextPage();
    if (!loaded.hasNextPage) count.current?.focus();
  };
  return (
    <>
      <p ref={count} className={`note ${block}__count`} role="status" tabIndex={-1}>
        {formatNumber(shown)}件を表示しています
        {query.hasNextPage ? '' : endNote}
      </p>
      {query.isFetchNextPageError && <LoadFailed message={failedMessage} />}
      {query.hasNextPage && (
        <button
          type="button"
          className={`button button--secondary ${block}__more`}
          onClick={loadMore}
          aria-disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? uiText.loading : 'もっと見る'}
        </button>
      )}
    </>
  );
}
