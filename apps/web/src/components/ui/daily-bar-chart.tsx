import { formatNumber } from '@quiz-points/shared';
import { Fragment, type ReactNode } from 'react';

const WIDTH = 320;
const HEIGHT = 140;
const AXIS = 20;

export interface DailyBar {
  /** yyyy-mm-dd */
  day: string;
  value: number;
}

const shortDate = (day: string) => day.slice(5).replace('-', '/');

/** The highest of the numbers, 0 when there are none. */
export const peakOf = (values: number[]) => Math.max(0, ...values);

/**
 * The picture of a day chart: a bar per day for each series (a later series drawn inside the first,
 * on the same scale; a `narrow` one half as wide, so it shows even where it is the taller), the peak
 * above and the first and last day below, then the caption and what follows it (`children`). The
 * picture is labelled with `summary`.
 */
export function DayBarsFigure({
  days,
  series,
  peak,
  peakLabel,
  summary,
  caption,
  children,
}: {
  /** yyyy-mm-dd, in order. */
  days: string[];
  /** Each series' number per day (in the order of `days`), and its bars' class. */
  series: { values: number[]; className: string; narrow?: boolean }[];
  peak: number;
  peakLabel: string;
  summary: string;
  caption: ReactNode;
  children?: ReactNode;
}) {
  const scale = Math.max(1, peak);
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="report-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-label={summary}
        className="report-chart__svg"
      >
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="report-chart__axis" />
        {days.map((day, index) => (
          <Fragment key={day}>
            {series.map(({ values, className, narrow }) => {
              const height = ((values[index] ?? 0) / scale) * (HEIGHT - 16);
              const width = narrow ? barWidth / 2 : barWidth;
              return (
                <rect
                  key={className}
                  x={index * slot + (slot - width) / 2}
                  y={HEIGHT - height}
                  width={width}
                  height={height}
                  className={className}
                />
              );
            })}
          </Fragment>
        ))}
        <text x={0} y={12} className="report-chart__label">
          最大 {peakLabel}
        </text>
        <text x={0} y={HEIGHT + 15} className="report-chart__label">
          {first && shortDate(first)}
        </text>
        <text x={WIDTH} y={HEIGHT + 15} textAnchor="end" className="report-chart__label">
          {last && shortDate(last)}
        </text>
      </svg>
      <figcaption className="note">{caption}</figcaption>
      {children}
    </figure>
  );
}

/**
 * One number per day as a small inline SVG bar chart. The image is labelled with a summary, and the
 * same numbers are offered as a table, so nothing is only visual.
 */
export function DailyBarChart({
  points,
  valueLabel,
  unit,
  caption,
  empty,
}: {
  points: DailyBar[];
  /** What is counted, as in 日別の{valueLabel}: 配信数, 新規登録数, … */
  valueLabel: string;
  /** Written right after each number: '件', '円', ' Pt'. */
  unit: string;
  caption: string;
  empty: string;
}) {
  if (points.length === 0) return <p className="note">{empty}</p>;
  const format = (value: number) => `${formatNumber(value)}${unit}`;
  const values = points.map((point) => point.value);
  const peak = peakOf(values);
  const first = points[0];
  const last = points[points.length - 1];
  const total = values.reduce((sum, value) => sum + value, 0);
  const summary = `${first?.day} から ${last?.day} までの日別${valueLabel}。合計${format(total)}、最多の日は${format(peak)}。`;
  return (
    <DayBarsFigure
      days={points.map((point) => point.day)}
      series={[{ values, className: 'report-chart__bar' }]}
      peak={peak}
      peakLabel={format(peak)}
      summary={summary}
      caption={caption}
    >
      <details>
        <summary>日別の{valueLabel}を表で見る</summary>
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">日付</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <td>{point.day.replaceAll('-', '/')}</td>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </DayBarsFigure>
  );
}
