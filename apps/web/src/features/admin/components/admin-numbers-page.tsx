import {
  type AdminDashboard,
  CONSOLE_MAX_DAYS,
  type DayRange,
  type DayRangePreset,
  dayRangeLabel,
  dayRangePresetLabels,
  dayRangePresets,
  dayRangeQuery,
  formatNumber,
  formatPoints,
  presetDays,
} from '@quiz-points/shared';
import { Link, useSearchParams } from 'react-router';
import { DailyBarChart } from '../../../components/ui/daily-bar-chart.tsx';
import { DataTable, type TableSpec } from '../../../components/ui/data-table.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { useDayRangeForm } from '../../../lib/use-day-range-form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminDashboard } from '../api/get-admin-dashboard.ts';

type SeriesKey =
  | 'signups'
  | 'activeUsers'
  | 'pointsIssued'
  | 'pointsRedeemed'
  | 'deliveries'
  | 'revenue'
  | 'pageViews';

const charts: { key: SeriesKey; title: string; valueLabel: string; unit: string }[] = [
  { key: 'signups', title: '新規登録', valueLabel: '新規登録数', unit: '人' },
  { key: 'activeUsers', title: 'アクティブユーザー', valueLabel: 'アクティブユーザー数', unit: '人' },
  { key: 'pointsIssued', title: '発行ポイント', valueLabel: '発行ポイント', unit: ' Pt' },
  { key: 'pointsRedeemed', title: '交換済みポイント', valueLabel: '交換済みポイント', unit: ' Pt' },
  { key: 'deliveries', title: '配信数', valueLabel: '配信数', unit: '件' },
  { key: 'revenue', title: '売上（税抜）', valueLabel: '売上（税抜）', unit: '円' },
  { key: 'pageViews', title: 'ページビュー', valueLabel: 'ページビュー', unit: '件' },
];

const pageViewTable: TableSpec<AdminDashboard['pageViewsByPath'][number]> = {
  label: 'ページ別のページビューの表',
  rowKey: (row) => row.path,
  empty: 'データはありません。',
  columns: [
    { header: 'ページ', cell: (row) => <span className="dashboard-path">{row.path}</span> },
    {
      header: 'ページビュー',
      cell: (row) => <span className="dashboard-count">{formatNumber(row.views)}件</span>,
    },
  ],
};

/** The range the address asks for (`?range=7d`, `?range=custom&from=…&to=…`); 30 days when it says none. */
function rangeOf(params: URLSearchParams): { preset: DayRangePreset; days: DayRange | null } {
  const asked = params.get('range');
  const preset = dayRangePresets.find((known) => known === asked) ?? '30d';
  if (preset !== 'custom') return { preset, days: presetDays(preset, new Date()) };
  const parsed = dayRangeQuery.safeParse({
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  return {
    preset,
    days: parsed.success && parsed.data.from && parsed.data.to ? (parsed.data as DayRange) : null,
  };
}

/** The preset's address, or the custom one's starting from the days shown now. */
const presetLink = (preset: DayRangePreset, shown: DayRange | null) =>
  preset === 'custom'
    ? `?${new URLSearchParams({ range: 'custom', ...(shown ?? {}) })}`
    : `?${new URLSearchParams({ range: preset })}`;

/** Two Japan-time days, checked by the server's own rule before anything is asked. */
function CustomRangeForm({
  initial,
  onShow,
}: {
  initial: DayRange | null;
  onShow: (days: DayRange) => void;
}) {
  const { form, bind, submit } = useDayRangeForm(dayRangeQuery, initial, (days) => {
    if (days.from && days.to) onShow({ from: days.from, to: days.to });
  });
  return (
    <form className="dashboard-custom" onSubmit={submit} noValidate aria-label="期間を指定">
      <div className="choice-row">
        <TextField id="numbers-from" label="開始日" type="date" short {...bind('from')} />
        <TextField id="numbers-to" label="終了日" type="date" short {...bind('to')} />
      </div>
      <p className="note">日本時間の日付で、開始日と終了日を含みます（最長{CONSOLE_MAX_DAYS}日）。</p>
      <FormError text={form.summary} />
      <button type="submit" className="button">
        この期間で表示
      </button>
    </form>
  );
}

function Numbers({ data, rangeText }: { data: AdminDashboard; rangeText: string }) {
  const { liability, waitingGifts } = data;
  return (
    <>
      <TitledSection className="card dashboard-grid__wide" titleId="now-title" title="現在の状況">
        <dl className="definition-list">
          <div>
            <dt>未交換ポイント残高（負債）</dt>
            <dd data-testid="liability">{formatPoints(liability.balances + liability.pendingRequests)}</dd>
          </div>
          <div>
            <dt>うち保有ポイント／交換申請中</dt>
            <dd>
              {formatPoints(liability.balances)} ／ {formatPoints(liability.pendingRequests)}
            </dd>
          </div>
          <div>
            <dt>未処理のギフト申請</dt>
            <dd data-testid="waiting-gifts">
              {waitingGifts.count}件
              {waitingGifts.oldestHours !== null && `（最も古い申請から${waitingGifts.oldestHours}時間）`}
            </dd>
          </div>
          <div>
            <dt>3営業日のお約束</dt>
            <dd className={waitingGifts.overdue > 0 ? 'form-error' : undefined}>
              期限超過 {waitingGifts.overdue}件 ／ 本日期限 {waitingGifts.dueToday}件
            </dd>
          </div>
        </dl>
        <Link to="/admin/gifts">ギフト申請の処理へ</Link>
      </TitledSection>
      {charts.map((chart) => (
        <TitledSection
          key={chart.key}
          className="card"
          titleId={`chart-${chart.key}`}
          title={chart.title}
          data-testid="dashboard-chart"
        >
          <DailyBarChart
            points={data[chart.key]}
            valueLabel={chart.valueLabel}
            unit={chart.unit}
            caption={`日別の${chart.valueLabel}（日本時間・${rangeText}）`}
            empty="データはありません。"
          />
        </TitledSection>
      ))}
      <TitledSection
        className="card dashboard-grid__pages"
        titleId="pages-title"
        title={`ページ別のページビュー（${rangeText}）`}
      >
        <DataTable {...pageViewTable} rows={data.pageViewsByPath} />
      </TitledSection>
    </>
  );
}

function Dashboard({ range, preset }: { range: DayRange; preset: DayRangePreset }) {
  const query = useAdminDashboard(range);
  const rangeText = preset === 'custom' ? dayRangeLabel(range) : dayRangePresetLabels[preset];
  return (
    <>
      <p className="note" data-testid="numbers-range" role="status">
        表示中：{dayRangeLabel(range)}（日本時間）
        {query.isPlaceholderData && '　読み込み中…'}
      </p>
      <div className="dashboard-grid" aria-busy={query.isPlaceholderData}>
        <QueryContent query={query}>{(data) => <Numbers data={data} rangeText={rangeText} />}</QueryContent>
      </div>
    </>
  );
}

/**
 * `/admin/numbers`: the numbers over a range of Japan-time days, picked from presets or given, kept in
 * the address (`?range=7d`, `?range=custom&from=2026-04-01&to=2026-04-30`) so it can be bookmarked and
 * back and forward move between ranges. The charts sit in a grid: one column on a phone, two or three
 * on a desk.
 */
export default function AdminNumbersPage() {
  useDocumentTitle('数値');
  const [params, setParams] = useSearchParams();
  const { preset, days } = rangeOf(params);
  return (
    <div className="page page--wide">
      <h1 className="page-title">数値</h1>
      <nav className="range-picker" aria-label="期間">
        <ul>
          {dayRangePresets.map((choice) => (
            <li key={choice}>
              <Link
                to={presetLink(choice, days)}
                className={choice === preset ? 'range-picker__choice is-current' : 'range-picker__choice'}
                aria-current={choice === preset ? 'true' : undefined}
              >
                {dayRangePresetLabels[choice]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {preset === 'custom' && (
        <CustomRangeForm
          key={days ? `${days.from}_${days.to}` : 'none'}
          initial={days}
          onShow={(shown) => setParams({ range: 'custom', ...shown })}
        />
      )}
      {days && <Dashboard range={days} preset={preset} />}
    </div>
  );
}
