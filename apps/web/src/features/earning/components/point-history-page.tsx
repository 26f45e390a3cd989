import {
  formatPoints,
  formatSignedPoints,
  messages,
  monthLabel,
  type PointHistoryEntry,
  type PointHistoryKind,
  passbookMonths,
} from '@quiz-points/shared';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { LinesSkeleton } from '../../../components/ui/skeleton.tsx';
import { formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignedInUser } from '../../auth/index.ts';
import type { PointHistoryFilter } from '../api/keys.ts';
import { usePointHistory } from '../api/list-point-history.ts';
import { type PassbookSection, passbookSections } from './passbook-sections.ts';

const kindChoices: readonly (readonly [PointHistoryKind | '', string])[] = [
  ['', 'すべて'],
  ['gain', '獲得'],
  ['use', '利用'],
];

/** The filter as the address says it (`?kind=use&month=2026-01`); anything else means no filter. */
function filterOf(params: URLSearchParams, months: readonly string[]): PointHistoryFilter {
  const kind = params.get('kind');
  const month = params.get('month');
  return {
    ...((kind === 'gain' || kind === 'use') && { kind }),
    ...(month && months.includes(month) && { month }),
  };
}

/** SPEC §2 point passbook: the whole ledger a page at a time, by kind and month, with each month's totals. */
export default function PointHistoryPage() {
  const me = useSignedInUser();
  const balance = me.points;
  useDocumentTitle('ポイント通帳');
  // From the member's sign-up month: a month before it could hold nothing.
  const months = useMemo(() => passbookMonths(me.signedUpAt, new Date()), [me.signedUpAt]);
  const monthChoices = useMemo(() => months.map((month) => [month, monthLabel(month)] as const), [months]);
  const [params, setParams] = useSearchParams();
  // The choice shows at once; the address follows it (a navigation, which React may hold back
  // while the filtered page loads).
  const [filter, setFilterState] = useState(() => filterOf(params, months));
  const setFilter = (next: PointHistoryFilter) => {
    setFilterState(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of ['kind', 'month'] as const) {
          const value = next[key];
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <div className="page">
      <h1 className="page-title">ポイント通帳</h1>
      <p className="card points-card">
        保有ポイント <strong data-testid="history-balance">{formatPoints(balance)}</strong>
      </p>
      <form
        className="card passbook-filters"
        aria-label="履歴の絞り込み"
        onSubmit={(event) => event.preventDefault()}
      >
        <fieldset className="segmented">
          <legend className="passbook-filters__label">種類</legend>
          {kindChoices.map(([kind, label]) => (
            <label key={label} className="segmented__choice">
              <input
                type="radio"
                name="passbook-kind"
                value={kind}
                checked={(filter.kind ?? '') === kind}
                onChange={() => setFilter({ ...filter, kind: kind || undefined })}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <div className="passbook-filters__month">
          <label className="passbook-filters__label" htmlFor="passbook-month">
            月
          </label>
          <Select
            id="passbook-month"
            value={filter.month ?? ''}
            none="すべての月"
            choices={monthChoices}
            onChange={(month) => setFilter({ ...filter, month: month || undefined })}
          />
        </div>
      </form>
      <Passbook filter={filter} />
    </div>
  );
}

function Passbook({ filter }: { filter: PointHistoryFilter }) {
  const query = usePointHistory(filter);
  const retry = () => void query.refetch();
  if (!query.data) {
    return query.isError ? (
      <LoadFailed message={messages.historyLoadFailed} onRetry={retry} />
    ) : (
      <LinesSkeleton />
    );
  }
  const { pages } = query.data;
  const sections = passbookSections(pages);
  const shown = pages.reduce((count, page) => count + page.entries.length, 0);
  const filtered = filter.kind !== undefined || filter.month !== undefined;
  if (sections.length === 0) {
    return (
      <p className="card">{filtered ? '条件に合う履歴はありません。' : 'まだポイントの履歴はありません。'}</p>
    );
  }
  return (
    <>
      {/* A refresh that failed leaves what was loaded in place, and says so. */}
      {query.isRefetchError && <LoadFailed message={messages.historyLoadFailed} onRetry={retry} />}
      {sections.map((section) => (
        <MonthSection key={section.totals.month} section={section} />
      ))}
      <LoadMore
        query={query}
        shown={shown}
        endNote="（これ以上の履歴はありません）"
        failedMessage={messages.historyLoadFailed}
        block="passbook"
      />
    </>
  );
}

function MonthSection({ section: { totals, entries } }: { section: PassbookSection }) {
  const titleId = `passbook-month-${totals.month}`;
  return (
    <section className="passbook-month" aria-labelledby={titleId}>
      <div className="passbook-month__header">
        <h2 id={titleId} className="passbook-month__title">
          {monthLabel(totals.month)}
        </h2>
        <dl className="passbook-month__totals" data-testid="month-totals">
          <div>
            <dt>獲得</dt>
            <dd className="is-gain">{formatSignedPoints(totals.gained)}</dd>
          </div>
          <div>
            <dt>利用</dt>
            <dd className="is-use">{formatSignedPoints(-totals.used)}</dd>
          </div>
          <div>
            <dt>差引</dt>
            <dd>{formatSignedPoints(totals.net)}</dd>
          </div>
        </dl>
      </div>
      {entries.length > 0 ? (
        <ul className="passbook">
          {entries.map((entry) => (
            <PassbookEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : (
        <p className="card">条件に合う履歴はありません。</p>
      )}
    </section>
  );
}

function PassbookEntry({ entry }: { entry: PointHistoryEntry }) {
  const kind = entry.points > 0 ? 'is-gain' : 'is-use';
  return (
    <li className="passbook__entry">
      <div>
        <p className="passbook__memo">
          <span className={`passbook__kind ${kind}`}>
            {entry.points > 0 ? messages.memoGain : messages.memoUse}
          </span>
          {entry.memo}
        </p>
        <time className="passbook__time" dateTime={entry.createdAt}>
          {formatPassbookTime(entry.createdAt)}
        </time>
      </div>
      <p className={`passbook__points ${kind}`}>{formatSignedPoints(entry.points)}</p>
    </li>
  );
}
