import type { AdReport } from '@quiz-points/shared';
import { DailyBarChart } from '../../../components/ui/daily-bar-chart.tsx';

/** Deliveries per day as a small inline SVG bar chart, with the same numbers as a table. */
export function DeliveriesChart({ days }: { days: AdReport['deliveriesByDay'] }) {
  return (
    <DailyBarChart
      points={days.map((day) => ({ day: day.date, value: day.deliveries }))}
      valueLabel="配信数"
      unit="件"
      caption="日別の配信数（日本時間）"
      empty="まだ配信はありません。"
    />
  );
}
