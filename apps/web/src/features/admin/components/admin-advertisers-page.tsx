import { advertiserSearchQuery, formatYen } from '@quiz-points/shared';
import { Link } from 'react-router';
import { InlineForm } from '../../../components/ui/inline-form.tsx';
import { formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdvertiserSearch } from '../api/search-advertisers.ts';
import { useSearchForm } from '../hooks/use-search-form.ts';
import { AdvertiserBadges, advertiserName } from './advertiser-badges.tsx';
import { advertiserText } from './advertiser-labels.ts';
import { PagedList } from './paged-list.tsx';

export default function AdminAdvertisersPage() {
  useDocumentTitle('広告主');
  // An empty search lists everyone (no q at all).
  const { q, search } = useSearchForm(advertiserSearchQuery, (text) =>
    text.trim() === '' ? {} : { q: text },
  );
  const list = useAdvertiserSearch(q);

  return (
    <div className="page">
      <h1 className="page-title">広告主</h1>
      <InlineForm
        id="advertiser-search"
        label="メールアドレス・会社名・名前"
        className="field"
        type="search"
        {...search.props}
        buttonLabel="検索する"
        hint="一部だけでも検索できます。空欄で検索すると、すべての広告主を新しい順に表示します。"
      />
      <PagedList
        list={list}
        items={(page) => page.advertisers}
        empty={advertiserText.searchEmpty}
        label={q ? `「${q}」の検索結果` : '広告主の一覧'}
      >
        {(advertiser) => (
          <li className="card" data-testid="advertiser-result">
            <p className="ad-card__title">
              <Link to={`/admin/advertisers/${encodeURIComponent(advertiser.id)}`}>
                {advertiserName(advertiser)}
              </Link>{' '}
              <AdvertiserBadges advertiser={advertiser} />
            </p>
            <p className="note">
              {advertiser.email} ／ 広告 {advertiser.ads}件（配信中 {advertiser.deliveringAds}件） ／
              今月の利用額 {formatYen(advertiser.monthSpend)}（税抜） ／ 登録：
              {formatPassbookTime(advertiser.createdAt)}
            </p>
          </li>
        )}
      </PagedList>
    </div>
  );
}
