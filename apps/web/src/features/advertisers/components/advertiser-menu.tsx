import { type AdvertiserMe, messages } from '@quiz-points/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { uiText } from '../../../lib/ui-text.ts';
import { useSignOut } from '../../auth/index.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';

function MenuButton({
  disabled = false,
  onClick,
  children,
}: {
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        className="button button--secondary button--wide"
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </button>
    </li>
  );
}

/** SPEC §2: new ad, manage ads, view invoices (only with a registered card), logout. */
export function AdvertiserMenu({ advertiser }: { advertiser: AdvertiserMe }) {
  const signOut = useSignOut();
  const portal = useOpenBillingPortal();
  const [portalUrl, setPortalUrl] = useState('');

  const openInvoices = async () => {
    setPortalUrl('');
    const { url } = await portal.mutateAsync();
    setPortalUrl(url);
    window.open(url, '_blank', 'noopener');
  };

  return (
    <div className="card">
      <p>
        <strong>{advertiser.displayName}</strong> 様（{advertiser.email}）
      </p>
      <nav aria-label="広告主メニュー">
        <ul className="advertiser-menu">
          <li>
            <Link className="button button--wide" to="/advertiser/create-ad">
              新しい広告を作成
            </Link>
          </li>
          <li>
            <Link className="button button--secondary button--wide" to="/advertiser/ads-status">
              広告を管理
            </Link>
          </li>
          {!advertiser.isAdmin && (
            <li>
              <Link className="button button--secondary button--wide" to="/advertiser/billing">
                ご利用金額と請求書
              </Link>
            </li>
          )}
          {advertiser.cardRegistered && (
            <MenuButton disabled={portal.isPending} onClick={() => openInvoices().catch(() => {})}>
              {portal.isPending ? uiText.loading : '請求書を見る'}
            </MenuButton>
          )}
          {!advertiser.cardRegistered && !advertiser.isAdmin && (
            <li>
              <Link className="button button--secondary button--wide" to="/advertiser/card-setup">
                カードを登録する
              </Link>
            </li>
          )}
          <MenuButton onClick={() => void signOut({ to: null })}>ログアウト</MenuButton>
        </ul>
      </nav>
      {portal.isError && (
        <p role="alert" className="form-error">
          {messages.billingAccessFailed}
        </p>
      )}
      {portalUrl && (
        <p role="status" className="note">
          請求書のページを新しいタブで開きました。開かない場合は
          <a href={portalUrl} target="_blank" rel="noopener noreferrer">
            こちら
          </a>
          から開いてください。
        </p>
      )}
    </div>
  );
}
