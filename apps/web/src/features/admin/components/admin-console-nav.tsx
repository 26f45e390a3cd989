import { ConsoleNavCount, ConsoleNavGroup, ConsoleNavItem } from '../../../components/ui/console-nav.tsx';
import { useMe } from '../../auth/index.ts';
import { useAdminSummary } from '../api/get-admin-summary.ts';

const waiting = '件未処理';

function Items() {
  const { data } = useAdminSummary();
  return (
    <>
      <ConsoleNavGroup>
        <ConsoleNavItem to="/admin" label="管理画面トップ" exact />
      </ConsoleNavGroup>
      <ConsoleNavGroup heading="審査・申請">
        <ConsoleNavItem
          to="/admin/review"
          label="広告審査"
          badge={<ConsoleNavCount count={data?.pendingAds} label={waiting} />}
        />
        <ConsoleNavItem
          to="/admin/gifts"
          label="ギフト申請"
          badge={<ConsoleNavCount count={data?.pendingGifts} label={waiting} />}
        />
        <ConsoleNavItem to="/admin/gift-codes" label="ギフトコード在庫" />
      </ConsoleNavGroup>
      <ConsoleNavGroup heading="コンテンツ">
        <ConsoleNavItem to="/admin/create-quiz" label="デイリークイズ作成" />
        <ConsoleNavItem to="/admin/notices" label="お知らせ" />
      </ConsoleNavGroup>
      <ConsoleNavGroup heading="会員・広告主">
        <ConsoleNavItem to="/admin/users" label="ユーザー検索・停止" />
        <ConsoleNavItem to="/admin/advertisers" label="広告主・利用停止" />
        <ConsoleNavItem to="/admin/billing" label="決済失敗" />
        <ConsoleNavItem to="/admin/cloudworks" label="報酬確認" />
      </ConsoleNavGroup>
      <ConsoleNavGroup heading="数値・設定">
        <ConsoleNavItem to="/admin/numbers" label="数値" />
        <ConsoleNavItem to="/admin/settings" label="設定" />
      </ConsoleNavGroup>
      <ConsoleNavGroup heading="ハウス広告">
        <ConsoleNavItem to="/advertiser" label="ハウス広告の管理" exact />
      </ConsoleNavGroup>
    </>
  );
}

/**
 * The operator console's navigation: every page of the admin hub, grouped, with what
 * waits for review beside them; nothing for anyone but the admin.
 */
export function AdminConsoleNav() {
  const { data: me } = useMe();
  return me?.isAdmin ? <Items /> : null;
}
