import {
  type AdReport,
  type AdReportCsvTable,
  type AdReportQuery,
  adReportQuery,
  formatYen,
  messages,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  REPORT_MIN_GROUP,
} from '@quiz-points/shared';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DataTable, type TableSpec } from '../../../components/ui/data-table.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { ShareBar } from '../../../components/ui/share-bar.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { ageBandLabels, genderLabels } from '../../../lib/targeting-labels.ts';
import { useDayRangeForm } from '../../../lib/use-day-range-form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { downloadAdReportCsv } from '../api/download-ad-report-csv.ts';
import { useAdReport } from '../api/get-ad-report.ts';
import { count, percent, slashDate } from './ad-figures-table.tsx';
import { DeliveriesChart, dayTable } from './deliveries-chart.tsx';

const seconds = (value: number | null) => (value === null ? '―' : `${Math.round(value)}秒`);

const breakdownTable: TableSpec<AdReport['breakdown'][number]> = {
  label: '性別・年代別の表',
  rowKey: (row) => `${row.gender}-${row.ageBand}`,
  empty: '表示できるグループはありません。',
  columns: [
    { header: '性別', cell: (row) => (row.gender === 'unknown' ? '未設定' : genderLabels[row.gender]) },
    { header: '年代', cell: (row) => (row.ageBand === 'unknown' ? '未設定' : ageBandLabels[row.ageBand]) },
    { header: '配信数', cell: (row) => count(row.deliveries) },
    { header: '回答数', cell: (row) => count(row.answers) },
    { header: '正答率', cell: (row) => percent(row.correctRate) },
  ],
};

/** The range form: two Japan-time days, checked by the server's own schema before anything is asked. */
function RangeForm({ initial, onShow }: { initial: AdReportQuery; onShow: (range: AdReportQuery) => void }) {
  const { form, bind, submit } = useDayRangeForm(adReportQuery, initial, onShow);
  return (
    <form className="card report-range" onSubmit={submit} noValidate aria-labelledby="report-range-title">
      <h2 id="report-range-title">期間</h2>
      <div className="choice-row">
        <TextField id="report-from" label="開始日" type="date" short {...bind('from')} />
        <TextField id="report-to" label="終了日" type="date" short {...bind('to')} />
      </div>
      <p className="note">
        日本時間の日付で、開始日と終了日を含みます（最長{REPORT_MAX_DAYS}日）。指定しない場合は直近
        {REPORT_DEFAULT_DAYS}日間（配信開始日から）です。
      </p>
      <FormError text={form.summary} />
      <button type="submit" className="button">
        この期間で表示
      </button>
    </form>
  );
}

function Summary({ report }: { report: AdReport }) {
  const times = report.secondsToAnswer;
  return (
    <section className="card" aria-labelledby="report-summary-title">
      <h2 id="report-summary-title">
        概要（{slashDate(report.from)}〜{slashDate(report.to)}）
      </h2>
      <dl className="definition-list" data-testid="report-summary">
        <dt>配信数</dt>
        <dd>{count(report.deliveries)}</dd>
        <dt>回答数</dt>
        <dd>{count(report.answers)}</dd>
        <dt>正解数</dt>
        <dd>{count(report.correct)}</dd>
        <dt>正答率</dt>
        <dd>{percent(report.correctRate)}</dd>
        <dt>誤答率</dt>
        <dd>{percent(report.wrongRate)}</dd>
        <dt>クリックから回答までの時間</dt>
        <dd>
          中央値 {seconds(times.median)} ／ 平均 {seconds(times.average)} ／ 90%の回答が {seconds(times.p90)}
          以内
        </dd>
        <dt>利用金額（税抜）</dt>
        <dd data-testid="report-spend">{formatYen(report.spend.amount)}</dd>
        <dt>消費税（10%）</dt>
        <dd>{formatYen(report.spend.tax)}</dd>
        <dt>合計（税込）</dt>
        <dd>{formatYen(report.spend.total)}</dd>
      </dl>
      <p className="note">
        利用金額は期間内の配信数×配信単価（現在の単価 {formatYen(report.unitPrice)}
        ）の目安です。消費税は期間の合計に対して1円未満を四捨五入しています。実際のご請求は月ごとの請求書をご確認ください。
      </p>
    </section>
  );
}

/** How the people who answered chose: each option's share as a bar, its figures in words beside it. */
function OptionAnswers({ report }: { report: AdReport }) {
  return (
    <section className="card" aria-labelledby="report-options-title">
      <h2 id="report-options-title">選択肢別の回答</h2>
      <ol className="option-bars" data-testid="option-answers">
        {report.options.map((option) => (
          <li key={option.option} className="option-bars__item">
            <div className="option-bars__label">
              <span>{option.text}</span>
              {option.isCorrect && <span className="badge badge--issued">正解</span>}
            </div>
            <ShareBar share={option.share ?? 0} className="option-bars__track" height={8} />
            <span className="option-bars__value">
              {count(option.answers)}（{percent(option.share)}）
            </span>
          </li>
        ))}
      </ol>
      {report.answers === 0 && <p className="note">この期間の回答はまだありません。</p>}
    </section>
  );
}

const csvFiles: { table: AdReportCsvTable; label: string }[] = [
  { table: 'days', label: '日別の集計をCSVでダウンロード' },
  { table: 'options', label: '選択肢別の回答をCSVでダウンロード' },
];

/** The CSV files of the range shown, for Excel (UTF-8 with BOM). */
function CsvDownloads({ adId, report }: { adId: string; report: AdReport }) {
  const [pending, setPending] = useState<AdReportCsvTable | null>(null);
  const [failure, setFailure] = useState('');
  const download = async (table: AdReportCsvTable) => {
    setPending(table);
    setFailure('');
    try {
      await downloadAdReportCsv(adId, { from: report.from, to: report.to }, table);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : messages.genericErrorSentence);
    } finally {
      setPending(null);
    }
  };
  return (
    <section className="card" aria-labelledby="report-csv-title">
      <h2 id="report-csv-title">CSVダウンロード</h2>
      <p className="note">
        表示中の期間（{slashDate(report.from)}〜{slashDate(report.to)}）の集計です。Excelでそのまま開けます。
      </p>
      <div className="report-downloads">
        {csvFiles.map(({ table, label }) => (
          <button
            key={table}
            type="button"
            className="button button--secondary"
            disabled={pending !== null}
            onClick={() => void download(table)}
          >
            {pending === table ? 'ダウンロード中…' : label}
          </button>
        ))}
      </div>
      <FormError text={failure} />
    </section>
  );
}

function Report({ adId, report }: { adId: string; report: AdReport }) {
  return (
    <>
      <Summary report={report} />
      <CsvDownloads adId={adId} report={report} />
      <section className="card" aria-labelledby="report-days-title">
        <h2 id="report-days-title">日別の推移</h2>
        <DeliveriesChart days={report.days} />
        <DataTable {...dayTable} rows={report.days} />
      </section>
      <OptionAnswers report={report} />
      <section className="card" aria-labelledby="report-breakdown-title">
        <h2 id="report-breakdown-title">性別・年代別</h2>
        <DataTable {...breakdownTable} rows={report.breakdown} />
        <p className="note" data-testid="hidden-groups">
          性別・年代はクリックした時点のプロフィールです。個人が特定されないよう、{REPORT_MIN_GROUP}
          件未満のグループは表示していません
          {report.hiddenGroups > 0 ? `（非表示 ${report.hiddenGroups}グループ）` : ''}。
        </p>
      </section>
    </>
  );
}

/**
 * `/advertiser/ads/:id/report`: one of the advertiser's own ads over a range of Japan-time days,
 * the range in the address (`?from=2026-04-01&to=2026-04-30`) so it can be bookmarked and the
 * browser's back and forward move between ranges (docs/decisions/021-ad-reports.md).
 */
export default function AdReportPage() {
  const { id: adId = '' } = useParams();
  useDocumentTitle('広告レポート');
  const [params, setParams] = useSearchParams();
  const asked: AdReportQuery = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const query = useAdReport(adId, asked);
  const shown =
    asked.from || asked.to ? asked : query.data ? { from: query.data.from, to: query.data.to } : null;
  return (
    <div className="page">
      <h1 className="page-title">広告レポート</h1>
      {query.data && <p className="page-lead">{query.data.adTitle}</p>}
      {shown && (
        <RangeForm
          key={`${shown.from}_${shown.to}`}
          initial={shown}
          onShow={(range) => setParams({ from: range.from ?? '', to: range.to ?? '' })}
        />
      )}
      {query.isPlaceholderData && <Loading label="選んだ期間を集計しています…" />}
      <QueryContent query={query} errorMessage={query.error?.message ?? messages.loadFailed}>
        {(report) => <Report adId={adId} report={report} />}
      </QueryContent>
      <p className="page-links">
        <Link to="/advertiser/ads-status">広告の管理へ戻る</Link>
      </p>
    </div>
  );
}
