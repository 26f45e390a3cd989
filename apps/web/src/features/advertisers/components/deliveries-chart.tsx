import { type AdReport, formatNumber, formatYen } from '@quiz-points/shared';
import { DayBarsFigure, peakOf } from '../../../components/ui/daily-bar-chart.tsx';
import type { TableSpec } from '../../../components/ui/data-table.tsx';
import { count, slashDate } from './ad-figures-table.tsx';

const number = 'cell-number';

/** The chart's figures, a day a row: what a screen reader (or anyone who needs a number) reads. */
export const dayTable: TableSpec<AdReport['days'][number]> = {
  label: '日別の表',
  rowKey: (day) => day.date,
  empty: 'この期間の日付はありません。',
  columns: [
    { header: '日付', cell: (day) => slashDate(day.date) },
    { header: '配信数', cell: (day) => count(day.deliveries), className: number },
    { header: '回答数', cell: (day) => count(day.answers), className: number },
    { header: '正解数', cell: (day) => count(day.correct), className: number },
    { header: '利用金額（税抜）', cell: (day) => formatYen(day.spend), className: number },
  ],
};

/**
 * Deliveries and answers per day of the report's range as a small inline SVG bar chart, the answers
 * drawn as a narrower bar inside each day's. A delivery counts on the day of the click and an answer
 * on the day it was given, so a day may have more answers than deliveries: both share one scale. The
 * picture is labelled with its summary; the figures themselves are the per-day table beside it, which
 * is what a screen reader (or anyone who needs a number) reads.
 */
export function DeliveriesChart({ days }: { days: AdReport['days'] }) {
  const deliveries = days.map((day) => day.deliveries);
  const answers = days.map((day) => day.answers);
  const peak = peakOf([...deliveries, ...answers]);
  const total = deliveries.reduce((sum, value) => sum + value, 0);
  const answered = answers.reduce((sum, value) => sum + value, 0);
  const summary = `${days[0]?.date} から ${days.at(-1)?.date} までの日別配信数と回答数。配信${formatNumber(total)}件、回答${formatNumber(answered)}件、最多の日は${formatNumber(peak)}件。`;
  return (
    <DayBarsFigure
      days={days.map((day) => day.date)}
      series={[
        { values: deliveries, className: 'report-chart__bar' },
        { values: answers, className: 'report-chart__bar report-chart__bar--answers', narrow: true },
      ]}
      peak={peak}
      peakLabel={`${formatNumber(peak)}件`}
      summary={summary}
      caption={
        <>
          <span className="report-chart__key" aria-hidden="true" />
          配信数（クリックした日）{' '}
          <span className="report-chart__key report-chart__key--answers" aria-hidden="true" />
          回答数（回答した日。日本時間の日別。数値は下の表のとおり）
        </>
      }
    />
  );
}
