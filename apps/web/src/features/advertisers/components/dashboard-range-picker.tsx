import {
  type AdvertiserDashboard,
  type AdvertiserDashboardQuery,
  adReportQuery,
  type DashboardRange,
  dashboardRangeLabels,
  dashboardRanges,
  messages,
  REPORT_MAX_DAYS,
} from '@quiz-points/shared';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDayRangeForm } from '../../../lib/use-day-range-form.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { slashDate } from './ad-figures-table.tsx';

/**
 * The range the address names: `?range=this-month`, or `?from=2026-04-01&to=2026-04-30`
 * for any other, or neither for the server's default; so a range can be bookmarked and the back
 * button steps between ranges. Anything else is sent as it is, for the server to refuse in words.
 */
function useDashboardQuery(): AdvertiserDashboardQuery {
  const [params] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) return { from: from ?? undefined, to: to ?? undefined };
  const range = params.get('range');
  return range === null ? {} : { range: range as DashboardRange };
}

/** Any two days, checked by the server's own rule before the address changes. */
function CustomRange({ from, to }: { from: string; to: string }) {
  const [, setParams] = useSearchParams();
  const { form, bind, submit } = useDayRangeForm(adReportQuery, { from, to }, (range) => {
    if (range.from && range.to) setParams({ from: range.from, to: range.to });
  });
  return (
    <form
      className="range-picker__custom"
      onSubmit={submit}
      noValidate
      aria-label={dashboardRangeLabels.custom}
    >
      <TextField id="range-from" label="開始日" type="date" short {...bind('from')} />
      <TextField id="range-to" label="終了日" type="date" short {...bind('to')} />
      <button type="submit" className="button button--secondary">
        この期間で表示
      </button>
      <FormError text={form.summary} />
    </form>
  );
}

/**
 * The dashboard's and the reports' range: 今日, 7日間, 今月, 先月 as links (the current one marked),
 * and any two Japan-time days (at most REPORT_MAX_DAYS). `shown` is the range the figures on screen
 * cover, as the server answered it (none while the address names one it refused).
 */
function DashboardRangePicker({
  shown = { range: 'custom', from: '', to: '' },
}: {
  shown?: { range: DashboardRange | 'custom'; from: string; to: string };
}) {
  return (
    <section className="range-picker" aria-label="期間">
      <ul className="range-picker__choices">
        {dashboardRanges.map((range) => (
          <li key={range}>
            <Link
              to={{ search: `?range=${range}` }}
              aria-current={shown.range === range ? 'true' : undefined}
            >
              {dashboardRangeLabels[range]}
            </Link>
          </li>
        ))}
      </ul>
      <CustomRange key={`${shown.from}_${shown.to}`} from={shown.from} to={shown.to} />
      {shown.from && (
        <p className="range-picker__dates" aria-live="polite">
          {slashDate(shown.from)}〜{slashDate(shown.to)}（日本時間・最長{REPORT_MAX_DAYS}日）
        </p>
      )}
    </section>
  );
}

/**
 * The range picker, then `children` showing the figures of the range the address names. The last
 * figures stay on screen, said to be counting, until the next range's arrive.
 */
export function DashboardRangeFigures({
  children,
}: {
  children: (dashboard: AdvertiserDashboard) => ReactNode;
}) {
  const dashboard = useDashboard(useDashboardQuery());
  return (
    <>
      <DashboardRangePicker shown={dashboard.data} />
      {dashboard.isPlaceholderData && <Loading label="選んだ期間を集計しています…" />}
      <QueryContent query={dashboard} errorMessage={(error) => error.message || messages.loadFailed}>
        {children}
      </QueryContent>
    </>
  );
}
