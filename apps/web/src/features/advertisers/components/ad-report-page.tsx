import { type AdReport, formatNumber, REPORT_MIN_GROUP } from '@quiz-points/shared';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { useAdReport } from '../api/get-ad-report.ts';
import { DeliveriesChart } from './deliveries-chart.tsx';
import { OwnAdPage } from './own-ad-page.tsx';
import { ageBandLabels, genderLabels } from './targeting-labels.ts';

const percent = (rate: number | null) => (rate === null ? '―' : `${Math.round(rate * 1000) / 10}%`);
const seconds = (value: number | null) => (value === null ? '―' : `${Math.round(value)}秒`);
const count = (value: number) => `${formatNumber(value)}件`;

const breakdownColumns: Column<AdReport['breakdown'][number]>[] = [
  { header: '性別', cell: (row) => (row.gender === 'unknown' ? '未設定' : genderLabels[row.gender]) },
  { header: '年代', cell: (row) => (row.ageBand === 'unknown' ? '未設定' : ageBandLabels[row.ageBand]) },
  { header: '配信数', cell: (row) => count(row.deliveries) },
  { header: '回答数', cell: (row) => count(row.answers) },
  { header: '正答率', cell: (row) => percent(row.correctRate) },
];

function Report({ report }: { report: AdReport }) {
  return (
    <>
      <p className="page-lead">{report.adTitle}</p>
      <section className="card" aria-labelledby="report-summary-title">
        <h2 id="report-summary-title">概要</h2>
        <dl className="definition-list" data-testid="report-summary">
          <dt>配信数</dt>
          <dd>{count(report.deliveries)}</dd>
          <dt>回答数</dt>
          <dd>{count(report.answers)}</dd>
          <dt>正答率</dt>
          <dd>{percent(report.correctRate)}</dd>
          <dt>誤答率</dt>
          <dd>{percent(report.wrongRate)}</dd>
          <dt>クリックから回答までの時間</dt>
          <dd>
            中央値 {seconds(report.medianSecondsToAnswer)} ／ 平均 {seconds(report.averageSecondsToAnswer)}
          </dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="report-days-title">
        <h2 id="report-days-title">日別の配信数</h2>
        <DeliveriesChart days={report.deliveriesByDay} />
      </section>
      <section className="card" aria-labelledby="report-breakdown-title">
        <h2 id="report-breakdown-title">性別・年代別</h2>
        <DataTable
          label="性別・年代別の表"
          columns={breakdownColumns}
          rows={report.breakdown}
          rowKey={(row) => `${row.gender}-${row.ageBand}`}
          empty="表示できるグループはありません。"
        />
        <p className="note" data-testid="hidden-groups">
          個人が特定されないよう、{REPORT_MIN_GROUP}件未満のグループは表示していません
          {report.hiddenGroups > 0 ? `（非表示 ${report.hiddenGroups}グループ）` : ''}。
        </p>
      </section>
    </>
  );
}

export default function AdReportPage() {
  return (
    <OwnAdPage title="広告レポート" useAd={useAdReport}>
      {(report) => <Report report={report} />}
    </OwnAdPage>
  );
}
