import { messages, userSearchQuery } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUserSearch } from '../api/users.ts';
import { RequireAdmin } from './require-admin.tsx';
import { UserBadges } from './user-badges.tsx';

function AdminUsers() {
  useDocumentTitle('ユーザー検索');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [error, setError] = useState('');
  const query = useUserSearch(q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userSearchQuery.safeParse({ q: text });
    if (!parsed.success) return setError(messages.userSearchQueryRequired);
    setError('');
    setParams({ q: parsed.data.q });
  };

  return (
    <div className="page">
      <h1 className="page-title">ユーザー検索</h1>
      <form onSubmit={submit} noValidate className="field">
        <label htmlFor="user-search" className="field__label">
          メールアドレスまたはユーザーID
        </label>
        <div className="materials-form__row">
          <input
            id="user-search"
            type="search"
            className="input"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button">
            検索する
          </button>
        </div>
        <p className="field__hint">メールアドレスは一部だけでも検索できます。</p>
      </form>
      <FormError text={error} />
      {q !== '' && (
        <QueryContent
          query={query}
          errorMessage={messages.loadFailed}
          isEmpty={(data) => data.users.length === 0}
          empty={messages.userSearchEmpty}
        >
          {(data) => (
            <ul className="ad-list" aria-label="検索結果">
              {data.users.map((user) => (
                <li key={user.id} className="card" data-testid="user-result">
                  <p className="ad-card__title">
                    <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.email}</Link>{' '}
                    <UserBadges user={user} />
                  </p>
                  <p className="note">
                    {user.name || '（名前なし）'} ／ {user.points.toLocaleString('ja-JP')} Pt ／ 登録：
                    {formatPassbookTime(user.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryContent>
      )}
    </div>
  );
}

export default function AdminUsersPage() {
  return <RequireAdmin>{() => <AdminUsers />}</RequireAdmin>;
}
