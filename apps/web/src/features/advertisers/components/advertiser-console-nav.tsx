import { type AdvertiserMe, messages } from '@quiz-points/shared';
import { useState } from 'react';
import { ConsoleNavGroup, ConsoleNavItem } from '../../../components/ui/console-nav.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { useMe } from '../../auth/index.ts';
import { useAdvertiserMe } from '../api/get-advertiser-me.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';

/** SPEC §2's view invoices: the provider's invoice pages in a new tab, with a link should it be blocked. */
function ViewInvoices() {
  const portal = useOpenBillingPortal();
  const [portalUrl, setPortalUrl] = useState('');
  const open = async () => {
    setPortalUrl('');
    const { url } = await portal.mutateAsync();
    setPortalUrl(url);
    window.open(url, '_blank', 'noopener');
  };
  return (
    <li>
      <button
        type="button"
        className="console-nav__link"
        disabled={portal.isPending}
        onClick={() => open().catch(() => {})}
      >
        <span>{portal.isPending ? uiText.loading : '請求書を見る'}</span>
        <span aria-hidden="true">↗</span>
      </button>
      {portal.isError && (
        <p role="alert" className="form-error console-nav__message">
          {messages.billingAccessFailed}
        </p>
      )}
      {portalUrl && (
        <p role="status" className="note console-nav__message">
          新しいタブで開きました。開かない場合は
          <a href={portalUrl} target="_blank" rel="noopener noreferrer">
            こちら
          </a>
          。
        </p>
      )}
    </li>
  );
}

function Items({ advertiser }: { advertiser: AdvertiserMe }) {
  return (
    <>
      <ConsoleNavGroup>
        <ConsoleNavItem to="/advertiser" label="ダッシュボード" exact />
      </ConsoleNavGroup>
      <ConsoleNavGroup heading="広告">
        <ConsoleNavItem to="/advertiser/create-ad" label="新しい広告を作成" />
        <ConsoleNavItem to="/advertiser/ads-status" label="広告を管理" within={['/advertiser/edit-ad/']} />
        <ConsoleNavItem to="/advertiser/reports" label="レポート" within={['/advertiser/ads/']} />
      </ConsoleNavGroup>
      {advertiser.isAdmin ? (
        <ConsoleNavGroup heading="運営">
          <ConsoleNavItem to="/admin" label="管理画面へ戻る" />
        </ConsoleNavGroup>
      ) : (
        <ConsoleNavGroup heading="お支払いとアカウント">
          <ConsoleNavItem to="/advertiser/billing" label="ご利用金額と請求書" />
          {advertiser.cardRegistered ? (
            <ViewInvoices />
          ) : (
            <ConsoleNavItem to="/advertiser/card-setup" label="カードを登録する" />
          )}
          <ConsoleNavItem
            to="/advertiser/account"
            label="アカウント"
            within={advertiser.cardRegistered ? ['/advertiser/card-setup'] : []}
          />
        </ConsoleNavGroup>
      )}
    </>
  );
}

/**
 * The advertiser console's navigation: SPEC §2's advertiser menu (new ad, manage ads,
 * view invoices only with a registered card; logout is in the console's bar) with the dashboard,
 * reports, spend and invoices, and the account beside it. The admin, placing house ads, has no
 * billing and a way back to the operator console. Nothing until the advertiser is known.
 */
export function AdvertiserConsoleNav() {
  const me = useMe();
  const allowed = me.data?.role === 'advertiser' || me.data?.isAdmin === true;
  const advertiser = useAdvertiserMe(allowed);
  if (!allowed || !advertiser.data) return null;
  return <Items advertiser={advertiser.data} />;
}
