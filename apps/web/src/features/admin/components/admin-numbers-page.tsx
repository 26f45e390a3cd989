import { type AdminDashboard, formatNumber, formatPoints } from '@quiz-points/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { DailyBarChart } from '../../../components/ui/daily-bar-chart.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminDashboard } from '../api/get-admin-dashboard.ts';

const periods = [7, 14, 30, 90] as const;

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
      <section className="card" aria-labelledby="now-title">
        <h2 id="now-title">現在の状況</h2>
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
      </section>
      {charts.map((chart) => (
        <section
          key={chart.key}
          className="card"
          aria-labelledby={`chart-${chart.key}`}
          data-testid="dashboard-chart"
        >
          <h2 id={`chart-${chart.key}`}>{chart.title}</h2>
          <DailyBarChart
            points={data[chart.key]}
            valueLabel={chart.valueLabel}
            unit={chart.unit}
            caption={`日別の${chart.valueLabel}（日本時間・直近${data.days}日）`}
            empty="データはありません。"
          />
        </section>
      ))}
      <section className="card" aria-labelledby="pages-title">
        <h2 id="pages-title">ページ別のページビュー（直近{data.days}日）</h2>
        <DataTable
          label="ページ別のページビューの表"
          columns={pageViewColumns}
          rows={data.pageViewsByPath}
          rowKey={(row) => row.path}
          empty="データはありません。"
        />
      </section>
    </>
  );
}

export default function AdminNumbersPage() {
  useDocumentTitle('数値');
  const [days, setDays] = useState<(typeof periods)[number]>(30);
  const query = useAdminDashboard(days);
  return (
    <div className="page">
      <h1 className="page-title">数値</h1>
      <div className="field">
        <label htmlFor="dashboard-days" className="field__label">
          期間
        </label>
        <select
          id="dashboard-days"
          className="input input--short"
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as (typeof periods)[number])}
        >
          {periods.map((period) => (
            <option key={period} value={period}>
              直近{period}日
            </option>
          ))}
        </select>
      </div>
      <QueryContent query={query}>{(data) => <Numbers data={data} />}</QueryContent>
    </div>
  );
}
