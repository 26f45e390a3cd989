import { type AdReport, formatNumber } from '@quiz-points/shared';

const WIDTH = 320;
const HEIGHT = 140;
const AXIS = 20;

const shortDate = (day: string) => day.slice(5).replace('-', '/');

/**
 * Deliveries per day of the report's range as a small inline SVG bar chart, answers drawn inside
 * each day's bar. The picture is labelled with its summary; the figures themselves are the per-day
 * table beside it, which is what a screen reader (or anyone who needs a number) reads.
 */
export function DeliveriesChart({ days }: { days: AdReport['days'] }) {
  const peak = Math.max(0, ...days.map((day) => day.deliveries));
  const scale = Math.max(1, peak);
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const first = days[0];
  const last = days.at(-1);
  const total = days.reduce((sum, day) => sum + day.deliveries, 0);
  const answered = days.reduce((sum, day) => sum + day.answers, 0);
  const summary = `${first?.date} から ${last?.date} までの日別配信数。合計${formatNumber(total)}件（うち回答${formatNumber(answered)}件）、最多の日は${formatNumber(peak)}件。`;
  const heightOf = (value: number) => (value / scale) * (HEIGHT - 16);
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
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={HEIGHT - heightOf(day.deliveries)}
                width={barWidth}
                height={heightOf(day.deliveries)}
                className="report-chart__bar"
              />
              <rect
                x={x}
                y={HEIGHT - heightOf(day.answers)}
                width={barWidth}
                height={heightOf(day.answers)}
                className="report-chart__bar report-chart__bar--answers"
              />
            </g>
          );
        })}
        <text x={0} y={12} className="report-chart__label">
          最大 {formatNumber(peak)}件
        </text>
        <text x={0} y={HEIGHT + 15} className="report-chart__label">
          {first && shortDate(first.date)}
        </text>
        <text x={WIDTH} y={HEIGHT + 15} textAnchor="end" className="report-chart__label">
          {last && shortDate(last.date)}
        </text>
      </svg>
      <figcaption className="note">
        <span className="report-chart__key" aria-hidden="true" />
        配信数 <span className="report-chart__key report-chart__key--answers" aria-hidden="true" />
        うち回答数（日本時間の日別。数値は下の表のとおり）
      </figcaption>
    </figure>
  );
}
