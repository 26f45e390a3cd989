import {
  AD_SEARCH_MAX_LENGTH,
  type AdListSort,
  type AdListState,
  type AdvertiserAdsPage,
  adConsoleMessages,
  adListSorts,
  adListStates,
  formatNumber,
  formatYen,
  type SortOrder,
} from '@quiz-points/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRedirectNotice } from '../../../lib/use-redirect-notice.ts';
import { useAdvertiserAds } from '../api/list-advertiser-ads.ts';
import { useSignedInAdvertiser } from '../hooks/use-signed-in-advertiser.ts';
import { adStateBadges } from './ad-state.ts';
import { AdsTable } from './ads-table.tsx';
import {
  type AdsTableParams,
  listQuery,
  pageCount,
  readTableParams,
  sortedBy,
  tableSearch,
} from './ads-table-params.ts';
import { PaymentFailedBanner } from './payment-failed-banner.tsx';

/** The phone's way to sort (the table's headings are not shown there): each column, each way. */
const sortWords: Record<AdListSort, [string, string]> = {
  created: ['作成日が新しい順', '作成日が古い順'],
  title: ['タイトル順（Z→A）', 'タイトル順（A→Z）'],
  status: ['ステータス順（逆）', 'ステータス順'],
  spend: ['ご利用金額が多い順', 'ご利用金額が少ない順'],
  deliveries: ['配信数が多い順', '配信数が少ない順'],
  answers: ['回答数が多い順', '回答数が少ない順'],
  correctRate: ['正答率が高い順', '正答率が低い順'],
  window: ['配信開始日が遅い順', '配信開始日が早い順'],
};
const sortChoices = adListSorts.flatMap((sort) =>
  (['desc', 'asc'] as const).map(
    (order) => [`${sort}:${order}`, sortWords[sort][order === 'desc' ? 0 : 1]] as const,
  ),
);

/** The search by title, the state to show (with how many ads stand in each) and, on phones, the order. */
function AdsFilters({
  params,
  counts,
  onChange,
}: {
  params: AdsTableParams;
  counts: AdvertiserAdsPage['counts'] | undefined;
  onChange: (params: AdsTableParams) => void;
}) {
  const [text, setText] = useState(params.q);
  useEffect(() => setText(params.q), [params.q]);
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null;
  const count = (n: number | null | undefined) =>
    n === null || n === undefined ? '' : `（${formatNumber(n)}）`;
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...params, q: text.trim(), page: 1 });
  };
  return (
    <div className="ads-filters">
      <form className="ads-filters__search" onSubmit={search} aria-label="広告を検索">
        <label htmlFor="ads-search" className="field__label">
          タイトルで検索
        </label>
        <div className="ads-filters__search-row">
          <input
            id="ads-search"
            type="search"
            className="input"
            value={text}
            maxLength={AD_SEARCH_MAX_LENGTH}
            placeholder="広告タイトルの一部"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--small">
            検索
          </button>
        </div>
      </form>
      <div className="ads-filters__field">
        <label htmlFor="ads-status" className="field__label">
          ステータス
        </label>
        <Select<AdListState>
          id="ads-status"
          value={params.status}
          none={`すべて${count(all)}`}
          choices={adListStates.map((state) => [
            state,
            `${adStateBadges[state].label}${count(counts?.[state])}`,
          ])}
          onChange={(status) => onChange({ ...params, status, page: 1 })}
        />
      </div>
      <div className="ads-filters__field ads-filters__sort">
        <label htmlFor="ads-sort" className="field__label">
          並び替え
        </label>
        <Select
          id="ads-sort"
          value={`${params.sort}:${params.order}`}
          choices={sortChoices}
          onChange={(value) => {
            const [sort, order] = value.split(':') as [AdListSort, SortOrder];
            onChange({ ...params, sort, order, page: 1 });
          }}
        />
      </div>
    </div>
  );
}

/** The matching ads' figures in one line: how many, what they cost and delivered. */
function Totals({ data }: { data: AdvertiserAdsPage }) {
  const { totals } = data;
  return (
    <dl className="ads-totals" data-testid="ads-totals">
      <div>
        <dt>該当する広告</dt>
        <dd>{formatNumber(data.total)}件</dd>
      </div>
      <div>
        <dt>ご利用金額（税抜）</dt>
        <dd>{formatYen(totals.spend)}</dd>
      </div>
      <div>
        <dt>配信数</dt>
        <dd>{formatNumber(totals.deliveries)}件</dd>
      </div>
    </dl>
  );
}

/** 485件中 51〜100件 and the way to the pages before and after. */
function Pager({ data, onPage }: { data: AdvertiserAdsPage; onPage: (page: number) => void }) {
  const pages = pageCount(data.total, data.pageSize);
  const first = (data.page - 1) * data.pageSize + 1;
  return (
    <nav className="pager" aria-label="広告一覧のページ">
      <p className="pager__range">
        {formatNumber(data.total)}件中 {formatNumber(first)}〜{formatNumber(first + data.ads.length - 1)}件
      </p>
      <div className="pager__buttons">
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={data.page <= 1}
          onClick={() => onPage(data.page - 1)}
        >
          前へ
        </button>
        <span className="pager__page">
          {formatNumber(data.page)} / {formatNumber(pages)} ページ
        </span>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={data.page >= pages}
          onClick={() => onPage(data.page + 1)}
        >
          次へ
        </button>
      </div>
    </nav>
  );
}

/**
 * ads-status, the advertiser's ads as a table: searched, filtered and sorted on the server,
 * 50 a page, the state kept in the address (?q=&status=&sort=&order=&page=) so a reload or a link
 * shows the same; each row's actions and the chosen rows' pause and resume confirmed in the page.
 */
export default function AdsStatusPage() {
  useDocumentTitle('広告の管理');
  const advertiser = useSignedInAdvertiser();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readTableParams(searchParams);
  const query = useAdvertiserAds(listQuery(params));
  // Right after a submission only: a reload, or the ad's later review, does not bring it back.
  const notice = useRedirectNotice();
  const [outcome, setOutcome] = useState<FormMessageValue>(null);
  const tableTop = useRef<HTMLDivElement>(null);
  const go = (next: AdsTableParams) => {
    setOutcome(null);
    setSearchParams(tableSearch(next));
  };
  const data = query.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  // A page past the end (the ads it held were filtered away, or ended): the last one there is.
  useEffect(() => {
    if (!query.isPlaceholderData && data && params.page > pages) {
      setSearchParams(tableSearch({ ...params, page: pages }), { replace: true });
    }
  }, [data, pages, params, query.isPlaceholderData, setSearchParams]);
  const filtered = params.q !== '' || params.status !== '';

  return (
    <div className="page ads-page">
      <div className="ads-page__header">
        <h1 className="page-title">広告の管理</h1>
        <Link className="button" to="/advertiser/create-ad">
          新しい広告を作成
        </Link>
      </div>
      {!advertiser.isAdmin && <PaymentFailedBanner />}
      {notice && (
        <p role="status" className="form-success">
          {notice}
        </p>
      )}
      <AdsFilters params={params} counts={data?.counts} onChange={go} />
      <div className="ads-page__outcome">
        <FormMessage message={outcome} />
      </div>
      <div ref={tableTop} className="ads-page__table" aria-busy={query.isFetching}>
        <QueryContent
          query={query}
          isEmpty={(page) => page.total === 0}
          empty={
            filtered ? (
              <>
                {adConsoleMessages.listNoMatch}{' '}
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => go({ ...params, q: '', status: '', page: 1 })}
                >
                  条件をクリア
                </button>
              </>
            ) : (
              adConsoleMessages.listEmpty
            )
          }
        >
          {(page) => (
            <>
              <Totals data={page} />
              <AdsTable
                key={tableSearch(params).toString()}
                data={page}
                params={params}
                onSort={(sort) => go(sortedBy(params, sort))}
                onDone={setOutcome}
              />
              <Pager
                data={page}
                onPage={(next) => {
                  go({ ...params, page: next });
                  tableTop.current?.scrollIntoView({ block: 'start' });
                }}
              />
            </>
          )}
        </QueryContent>
      </div>
    </div>
  );
}
