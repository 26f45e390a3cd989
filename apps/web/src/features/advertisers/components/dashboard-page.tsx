import {
  type AdvertiserDashboard,
  type AdvertiserMe,
  formatNumber,
  formatYen,
  messages,
} from '@quiz-points/shared';
import { Link, useSearchParams } from 'react-router';
import { DailyBarChart } from '../../../components/ui/daily-bar-chart.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AdFiguresTable, count, perAnswer, percent } from './ad-figures-table.tsx';
import { DashboardAlerts } from './dashboard-alerts.tsx';
import { DashboardRangeFigures } from './dashboard-range-picker.tsx';
import { DeliveriesChart, dayTable } from './deliveries-chart.tsx';

/** The range's figures at a glance: spend with and without tax, deliveries, answers, correct rate, cost per answer. */
function Figures({ dashboard }: { dashboard: AdvertiserDashboard }) {
  const { totals } = dashboard;
  const figures = [
    {
      label: '利用金額（税込）',
      value: formatYen(totals.spend.total),
      sub: `うち消費税 ${formatYen(totals.spend.tax)}`,
      id: 'dashboard-spend',
    },
    { label: '利用金額（税抜）', value: formatYen(totals.spend.amount), sub: '配信数 × 配信単価' },
    {
      label: '配信数',
      value: count(totals.deliveries),
      sub: '広告ページへの遷移',
      id: 'dashboard-deliveries',
    },
    { label: '回答数', value: count(totals.answers), sub: `正解 ${formatNumber(totals.correct)}件` },
    { label: '正答率', value: percent(totals.correctRate), sub: '正解数 ÷ 回答数' },
    { label: '回答単価（税抜）', value: perAnswer(totals.costPerAnswer), sub: '利用金額 ÷ 回答数' },
  ];
  return (
    <dl className="kpi-grid" data-testid="dashboard-figures">
      {figures.map((figure) => (
        <div key={figure.label} className="kpi">
          <dt>{figure.label}</dt>
          <dd data-testid={figure.id}>
            {figure.value}
            <span className="kpi__sub">{figure.sub}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Dashboard({ dashboard }: { dashboard: AdvertiserDashboard }) {
  return (
    <>
      <DashboardAlerts alerts={dashboard.alerts} />
      <Figures dashboard={dashboard} />
      <div className="console-grid console-grid--two">
        <section className="card" aria-labelledby="dashboard-days-title">
          <h2 id="dashboard-days-title">日別の配信数と回答数</h2>
          <DeliveriesChart days={dashboard.days} />
          <details>
            <summary>日別の数値を表で見る</summary>
            <DataTable {...dayTable} rows={dashboard.days} />
          </details>
        </section>
        <section className="card" aria-labelledby="dashboard-spend-title">
          <h2 id="dashboard-spend-title">日別の利用金額（税抜）</h2>
          <DailyBarChart
            points={dashboard.days.map((day) => ({ day: day.date, value: day.spend }))}
            valueLabel="利用金額"
            unit="円"
            caption="クリックした日（日本時間）ごとの配信数 × 配信単価。税込の額は上の合計をご覧ください。"
            empty="この期間の日付はありません。"
          />
        </section>
      </div>
      <section className="card" aria-labelledby="dashboard-ads-title">
        <h2 id="dashboard-ads-title">広告ごとの状況</h2>
        <AdFiguresTable dashboard={dashboard} label="広告ごとの状況の表" />
        <p className="note">
          期間の数値は各広告のレポートと同じ集計です（配信と利用金額はクリックした日、回答は回答した日。日本時間）。消費税は広告ごとに1円未満を四捨五入しており、請求書と同じです。ペースは直近7日間（今日を含む）の1日あたりの配信数です。
        </p>
      </section>
    </>
  );
}

/**
 * The signed-in advertiser's /advertiser: what needs them, then every ad's figures over a
 * range of Japan-time days kept in the address (`?range=this-month`, `?from=…&to=…`), each figure
 * what the ads' reports and invoices say (the server reads them from the same figures).
 */
export default function DashboardPage({ advertiser }: { advertiser: AdvertiserMe }) {
  useDocumentTitle('ダッシュボード');
  const [params] = useSearchParams();
  // Arriving from the e-mail confirmation link, which signs in (advertiser-account-section.tsx).
  const verified = params.get('verified') === '1' && !params.has('error');
  return (
    <div className="page">
      <div className="console-page-header">
        <h1 className="page-title">ダッシュボード</h1>
        <Link className="button" to="/advertiser/create-ad">
          新しい広告を作成
        </Link>
      </div>
      {verified && (
        <p role="status" className="form-success">
          {messages.emailVerified}
        </p>
      )}
      {advertiser.isAdmin && (
        <p className="note">運営アカウントのハウス広告の状況です（料金はかかりません）。</p>
      )}
      <DashboardRangeFigures>{(dashboard) => <Dashboard dashboard={dashboard} />}</DashboardRangeFigures>
    </div>
  );
}
