import { type AdReport, REPORT_MIN_GROUP } from '@quiz-points/shared';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { useAdReport } from '../api/get-ad-report.ts';
import { DeliveriesChart } from './deliveries-chart.tsx';
import { OwnAdPage } from './own-ad-page.tsx';
import { ageBandLabels, genderLabels } from './targeting-labels.ts';

const percent = (rate: number | null) => (rate === null ? '―' : `${Math.round(rate * 1000) / 10}%`);
const seconds = (value: number | null) => (value === null ? '―' : `${Math.round(value)}秒`);
const count = (value: number) => `${value.toLocaleString('ja-JP')}件`;

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
        {report.breakdown.length === 0 ? (
          <p className="note">表示できるグループはありません。</p>
        ) : (
          <ScrollTable label="性別・年代別の表">
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">性別</th>
                  <th scope="col">年代</th>
                  <th scope="col">配信数</th>
                  <th scope="col">回答数</th>
                  <th scope="col">正答率</th>
                </tr>
              </thead>
              <tbody>
                {report.breakdown.map((row) => (
                  <tr key={`${row.gender}-${row.ageBand}`}>
                    <td>{row.gender === 'unknown' ? '未設定' : genderLabels[row.gender]}</td>
                    <td>{row.ageBand === 'unknown' ? '未設定' : ageBandLabels[row.ageBand]}</td>
                    <td>{count(row.deliveries)}</td>
                    <td>{count(row.answers)}</td>
                    <td>{percent(row.correctRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
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
