import {
  type AdminAdvertiserOverview,
  adStateLabel,
  advertiserConsoleMessages,
  formatNumber,
  formatYen,
  invoiceStatusLabels,
  periodLabel,
} from '@quiz-points/shared';
import { useParams } from 'react-router';
import { DataTable, type TableSpec } from '../../../components/ui/data-table.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { formatDay, formatExchangeTime, formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdvertiserOverview } from '../api/get-advertiser-overview.ts';
import { useSetAdvertiserSuspension } from '../api/set-advertiser-suspension.ts';
import { AdvertiserBadges, advertiserName } from './advertiser-badges.tsx';
import { advertiserText } from './advertiser-labels.ts';
import { OverviewPage, ProfileSection } from './overview-page.tsx';
import { SuspensionHistory, SuspensionSection } from './suspension-section.tsx';

type Overview = AdminAdvertiserOverview;

const adTable: TableSpec<Overview['ads'][number]> = {
  label: '広告の表',
  rowKey: (ad) => ad.id,
  empty: 'まだ広告はありません。',
  columns: [
    { header: '広告', cell: (ad) => ad.adTitle },
    { header: '状態', cell: (ad) => adStateLabel(ad) },
    {
      header: '配信数',
      cell: (ad) =>
        `${formatNumber(ad.deliveries)} / ${formatNumber(ad.maxDeliveries)}件（今月 ${formatNumber(ad.monthDeliveries)}件）`,
    },
    { header: '単価', cell: (ad) => formatYen(ad.unitPrice) },
    { header: '登録', cell: (ad) => formatPassbookTime(ad.createdAt) },
  ],
};

const invoiceTable: TableSpec<Overview['invoices'][number]> = {
  label: '請求の表',
  rowKey: (invoice) => invoice.id,
  empty: 'まだ請求はありません。',
  columns: [
    { header: '対象月', cell: (invoice) => periodLabel(invoice.period) },
    { header: '広告', cell: (invoice) => invoice.adTitle },
    { header: '配信数', cell: (invoice) => `${formatNumber(invoice.deliveries)}件` },
    { header: '合計（税込）', cell: (invoice) => formatYen(invoice.total) },
    { header: '状態', cell: (invoice) => invoiceStatusLabels[invoice.status] },
  ],
};

/** 利用停止 or its lifting: a reason, then an in-page confirmation saying what will happen. */
function Suspension({ view }: { view: Overview }) {
  const { advertiser } = view;
  const name = advertiserName(advertiser);
  const setSuspension = useSetAdvertiserSuspension();
  return (
    <SuspensionSection
      subject={advertiser}
      mutation={setSuspension}
      title="利用停止"
      formId="advertiser-suspension-reason"
      suspendedState="利用停止中"
      reasonLabel={{ suspend: '利用停止の理由', lift: '利用停止を解除する理由' }}
      buttonLabel={{ suspend: '利用停止する', lift: '利用停止を解除する' }}
      doneText={(body, result) =>
        !result.changed
          ? advertiserText.unchanged
          : body.suspended
            ? advertiserText.suspended
            : advertiserText.reinstated
      }
      confirmation={(proposed) => ({
        question: proposed.suspended
          ? `「${name}」を利用停止にします。よろしいですか？`
          : `「${name}」の利用停止を解除します。よろしいですか？`,
        confirmLabel: proposed.suspended ? '利用停止を確定する' : '解除を確定する',
        details: (
          <ul className="setting-changes">
            {proposed.suspended ? (
              <>
                <li>すべての広告（{view.ads.length}件）の配信をただちに止めます。</li>
                <li>
                  ログイン中のセッション（{advertiser.activeSessions}件）を終了し、ログインできなくなります。
                </li>
              </>
            ) : (
              <li>利用停止で止めた広告の配信を再開し、ログインできるようになります。</li>
            )}
            <li>理由：{proposed.reason}</li>
          </ul>
        ),
      })}
    />
  );
}

function Overview({ view }: { view: Overview }) {
  const { advertiser } = view;
  const name = advertiserName(advertiser);
  useDocumentTitle(`広告主：${name}`);
  const profile: [string, string][] = [
    ['メールアドレス', advertiser.email],
    ['会社名', advertiser.companyName ?? '―（未登録）'],
    ['登録名', advertiser.displayName || '―'],
    [
      'カード',
      advertiser.card
        ? `登録済み（${[advertiser.card.brand, advertiser.card.last4 && `末尾${advertiser.card.last4}`].filter(Boolean).join(' ') || '詳細不明'}）`
        : advertiser.cardRegistered
          ? '登録済み'
          : '未登録',
    ],
    ['登録日時', formatPassbookTime(advertiser.createdAt)],
    ['広告主ID', advertiser.id],
  ];
  return (
    <>
      <h1 className="page-title">
        {name} <AdvertiserBadges advertiser={advertiser} />
      </h1>
      <ProfileSection titleId="advertiser-profile-title" title="アカウント" rows={profile} />
      <TitledSection className="card" titleId="advertiser-spend-title" title="今月の利用額">
        <p className="ad-card__title" data-testid="month-spend">
          {formatYen(advertiser.monthSpend)}（税抜）
        </p>
        <p className="note">
          {formatDay(view.monthStart)}（日本時間）からの配信分。請求は翌月5日に広告ごとに確定します。
        </p>
      </TitledSection>
      <Suspension view={view} />
      <TitledSection className="card" titleId="advertiser-ads-title" title={`広告（${view.ads.length}件）`}>
        <DataTable {...adTable} rows={view.ads} />
      </TitledSection>
      <TitledSection className="card" titleId="advertiser-invoices-title" title="請求">
        <DataTable {...invoiceTable} rows={view.invoices} />
      </TitledSection>
      <SuspensionHistory
        entries={view.suspensions}
        titleId="advertiser-suspensions-title"
        title="利用停止・解除の履歴"
        testId="advertiser-suspension-entry"
        actionLabel={{ suspend: '利用停止', lift: '利用停止の解除' }}
        when={(actedAt) => `${formatExchangeTime(actedAt)}（日本時間）`}
      />
    </>
  );
}

export default function AdminAdvertiserPage() {
  const { id = '' } = useParams();
  const query = useAdvertiserOverview(id);
  return (
    <OverviewPage
      backTo="/admin/advertisers"
      backLabel="← 広告主の一覧へ"
      query={query}
      errorMessage={advertiserConsoleMessages.notFound}
    >
      {(view) => <Overview view={view} />}
    </OverviewPage>
  );
}
