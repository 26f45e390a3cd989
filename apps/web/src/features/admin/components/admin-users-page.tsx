import { formatPoints, messages, USER_SEARCH_MIN_LENGTH, userSearchQuery } from '@quiz-points/shared';
import { Link } from 'react-router';
import { InlineForm } from '../../../components/ui/inline-form.tsx';
import { formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUserSearch } from '../api/search-users.ts';
import { useSearchForm } from '../hooks/use-search-form.ts';
import { PagedList } from './paged-list.tsx';
import { UserBadges } from './user-badges.tsx';

export default function AdminUsersPage() {
  useDocumentTitle('ユーザー検索');
  const { q, search } = useSearchForm(userSearchQuery);
  const list = useUserSearch(q);

  return (
    <div className="page">
      <h1 className="page-title">ユーザー検索</h1>
      <InlineForm
        id="user-search"
        label="メールアドレスまたはユーザーID"
        className="field"
        type="search"
        {...search.props}
        buttonLabel="検索する"
        hint={`メールアドレスは一部（${USER_SEARCH_MIN_LENGTH}文字以上）だけでも検索できます。`}
      />
      {q !== '' && (
        <PagedList
          list={list}
          items={(page) => page.users}
          empty={messages.userSearchEmpty}
          label={`「${q}」の検索結果`}
        >
          {(user) => (
            <li className="card" data-testid="user-result">
              <p className="ad-card__title">
                <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.email}</Link>{' '}
                <UserBadges user={user} />
              </p>
              <p className="note">
                {user.name || '（名前なし）'} ／ {formatPoints(user.points)} ／ 登録：
                {formatPassbookTime(user.createdAt)}
              </p>
            </li>
          )}
        </PagedList>
      )}
    </div>
  );
}
