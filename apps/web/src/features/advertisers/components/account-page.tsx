import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignedInAdvertiser } from '../hooks/use-signed-in-advertiser.ts';
import { CompanyDetailsSection } from './company-details-form.tsx';

/**
 * `/advertiser/account`: who is signed in, the card the invoices are charged to, and the
 * invoices' addressee; for the admin (house ads, never billed) only the first.
 */
export default function AccountPage() {
  useDocumentTitle('アカウント');
  const advertiser = useSignedInAdvertiser();
  const { card } = advertiser;
  return (
    <div className="page page--form-grid">
      <h1 className="page-title">アカウント</h1>
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">ログイン情報</h2>
        <dl className="definition-list">
          <dt>会社名または表示名</dt>
          <dd>{advertiser.displayName}</dd>
          <dt>メールアドレス</dt>
          <dd>{advertiser.email}</dd>
        </dl>
        <p className="note">
          パスワードを忘れた場合は、ログアウトしてログイン画面の「パスワードをお忘れの方」から再設定できます。
        </p>
      </section>
      {!advertiser.isAdmin && (
        <section className="card" aria-labelledby="account-card-title">
          <h2 id="account-card-title">お支払い方法</h2>
          <p data-testid="account-card">
            {advertiser.cardRegistered
              ? `${card?.brand ? card.brand.toUpperCase() : 'カード'}${card?.last4 ? ` •••• ${card.last4}` : ''}（登録済み）`
              : 'まだカードが登録されていません。'}
          </p>
          <p className="note">毎月末締め・翌月5日に、登録したカードでお支払いいただきます。</p>
          <Link className="button button--secondary" to="/advertiser/card-setup">
            {advertiser.cardRegistered ? 'カードを変更する' : 'カードを登録する'}
          </Link>
        </section>
      )}
      {!advertiser.isAdmin && <CompanyDetailsSection />}
    </div>
  );
}
