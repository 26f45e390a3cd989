import { type AdminDashboard, formatNumber, formatPoints } from '@quiz-points/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { DailyBarChart } from '../../../components/ui/daily-bar-chart.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminDashboard } from '../api/get-admin-dashboard.ts';

const periods = [7, 14, 30, 90] as const;
type Period = (typeof periods)[number];
const periodChoices = periods.map((period) => [String(period), `直近${period}日`] as const);

type SeriesKey =
  | 'signups'
  | 'activeUsers'
  | 'pointsIssued'
  | 'pointsRedeemed'
  | 'deliveries'
  | 'revenue'
  | 'pageViews';

const charts: { key: SeriesKey; title: string; valueLabel: string; unit: string }[] = [
  { key: 'signups', title: '新規登録', valueLabel: '新規登録数', unit: '人' },
  { key: 'activeUsers', title: 'アクティブユーザー', valueLabel: 'アクティブユーザー数', unit: '人' },
  { key: 'pointsIssued', title: '発行ポイント', valueLabel: '発行ポイント', unit: ' Pt' },
  { key: 'pointsRedeemed', title: '交換済みポイント', valueLabel: '交換済みポイント', unit: ' Pt' },
  { key: 'deliveries', title: '配信数', valueLabel: '配信数', unit: '件' },
  { key: 'revenue', title: '売上（税抜）', valueLabel: '売上（税抜）', unit: '円' },
  { key: 'pageViews', title: 'ページビュー', valueLabel: 'ページビュー', unit: '件' },
];

const pageViewColumns: Column<AdminDashboard['pageViewsByPath'][number]>[] = [
  { header: 'ページ', cell: (row) => row.path },
  { header: 'ページビュー', cell: (row) => `${formatNumber(row.views)}件` },
];

function Numbers({ data }: { data: AdminDashboard }) {
  const { liability, waitingGifts } = data;
  return (
    <>
      <TitledSection className="card" titleId="now-title" title="現在の状況">
        <dl className="definition-list">
          <div>
            <dt>未交換ポイント残高（負債）</dt>
            <dd data-testid="liability">{formatPoints(liability.balances + liability.pendingRequests)}</dd>
          </div>
          <div>
            <dt>うち保有ポイント／交換申請中</dt>
            <dd>
              {formatPoints(liability.balances)} ／ {formatPoints(liability.pendingRequests)}
            </dd>
          </div>
          <div>
            <dt>未処理のギフト申請</dt>
            <dd data-testid="waiting-gifts">
              {waitingGifts.count}件
              {waitingGifts.oldestHours !== null && `（最も古い申請から${waitingGifts.oldestHours}時間）`}
            </dd>
          </div>
          <div>
            <dt>3営業日のお約束</dt>
            <dd className={waitingGifts.overdue > 0 ? 'form-error' : undefined}>
              期限超過 {waitingGifts.overdue}件 ／ 本日期限 {waitingGifts.dueToday}件
            </dd>
          </div>
        </dl>
        <Link to="/admin/gifts">ギフト申請の処理へ</Link>
      </TitledSection>
      {charts.map((chart) => (
        <TitledSection
          key={chart.key}
          className="card"
          titleId={`chart-${chart.key}`}
          title={chart.title}
          data-testid="dashboard-chart"
        >
          <DailyBarChart
            points={data[chart.key]}
            valueLabel={chart.valueLabel}
            unit={chart.unit}
            caption={`日別の${chart.valueLabel}（日本時間・直近${data.days}日）`}
            empty="データはありません。"
          />
        </TitledSection>
      ))}
      <TitledSection
        className="card"
        titleId="pages-title"
        title={`ページ別のページビュー（直近${data.days}日）`}
      >
        <DataTable
          label="ページ別のページビューの表"
          columns={pageViewColumns}
          rows={data.pageViewsByPath}
          rowKey={(row) => row.path}
          empty="データはありません。"
        />
      </TitledSection>
    </>
  );
}

export default function AdminNumbersPage() {
  useDocumentTitle('数値');
  const [days, setDays] = useState<Period>(30);
  const query = useAdminDashboard(days);
  return (
    <div className="page">
      <h1 className="page-title">数値</h1>
      <div className="field">
        <label htmlFor="dashboard-days" className="field__label">
          期間
        </label>
        <Select
          id="dashboard-days"
          className="input input--short"
          value={String(days)}
          choices={periodChoices}
          onChange={(value) => setDays(Number(value) as Period)}
        />
      </div>
      <QueryContent query={query}>{(data) => <Numbers data={data} />}</QueryContent>
    </div>
  );
}
