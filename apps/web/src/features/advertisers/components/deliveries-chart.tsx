import type { AdReport } from '@quiz-points/shared';

const WIDTH = 320;
const HEIGHT = 140;
const AXIS = 20;

const shortDate = (date: string) => date.slice(5).replace('-', '/');

/** Deliveries per day as a small inline SVG bar chart, with the same numbers as a table. */
export function DeliveriesChart({ days }: { days: AdReport['deliveriesByDay'] }) {
  if (days.length === 0) return <p className="note">まだ配信はありません。</p>;
  const peak = Math.max(1, ...days.map((day) => day.deliveries));
  const slot = WIDTH / days.length;
  const barWidth = Math.max(1, slot * 0.7);
  const first = days[0];
  const last = days[days.length - 1];
  const total = days.reduce((sum, day) => sum + day.deliveries, 0);
  const summary = `${first?.date} から ${last?.date} までの日別配信数。合計${total.toLocaleString('ja-JP')}件、最多の日は${peak.toLocaleString('ja-JP')}件。`;
  return (
    <figure className="report-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-label={summary}
        className="report-chart__svg"
      >
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="report-chart__axis" />
        {days.map((day, index) => {
          const height = (day.deliveries / peak) * (HEIGHT - 16);
          return (
            <rect
              key={day.date}
              x={index * slot + (slot - barWidth) / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              className="report-chart__bar"
            />
          );
        })}
        <text x={0} y={12} className="report-chart__label">
          最大 {peak.toLocaleString('ja-JP')}件
        </text>
        <text x={0} y={HEIGHT + 15} className="report-chart__label">
          {first && shortDate(first.date)}
        </text>
        <text x={WIDTH} y={HEIGHT + 15} textAnchor="end" className="report-chart__label">
          {last && shortDate(last.date)}
        </text>
      </svg>
      <figcaption className="note">日別の配信数（日本時間）</figcaption>
      <details>
        <summary>日別の配信数を表で見る</summary>
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">日付</th>
              <th scope="col">配信数</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{day.date.replaceAll('-', '/')}</td>
                <td>{day.deliveries.toLocaleString('ja-JP')}件</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
