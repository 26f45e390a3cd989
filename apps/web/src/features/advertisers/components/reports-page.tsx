import { type AdvertiserDashboard, formatYen } from '@quiz-points/shared';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AdFiguresTable, count, percent, slashDate } from './ad-figures-table.tsx';
import { DashboardRangeFigures } from './dashboard-range-picker.tsx';

function Reports({ dashboard }: { dashboard: AdvertiserDashboard }) {
  const { totals } = dashboard;
  return (
    <section className="card" aria-labelledby="reports-title">
      <h2 id="reports-title">
        広告別の集計（{slashDate(dashboard.from)}〜{slashDate(dashboard.to)}）
      </h2>
      <p data-testid="reports-totals">
        合計：配信 {count(totals.deliveries)} ／ 回答 {count(totals.answers)} ／ 正答率{' '}
        {percent(totals.correctRate)} ／ 利用金額 {formatYen(totals.spend.amount)}（税込{' '}
        {formatYen(totals.spend.total)}）
      </p>
      <AdFiguresTable dashboard={dashboard} pacing={false} label="広告別の集計の表" />
      <p className="note">
        広告名から、その広告の日別・選択肢別・性別年代別のレポートとCSVダウンロードへ進めます（同じ期間で開きます）。
      </p>
    </section>
  );
}

/**
 * `/advertiser/reports`: every ad's figures over a range (the dashboard's, from the same
 * figures as each report), each leading to its own report for that range.
 */
export default function ReportsPage() {
  useDocumentTitle('レポート');
  return (
    <div className="page">
      <h1 className="page-title">レポート</h1>
      <DashboardRangeFigures>{(dashboard) => <Reports dashboard={dashboard} />}</DashboardRangeFigures>
    </div>
  );
}
