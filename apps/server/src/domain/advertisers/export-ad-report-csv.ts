import type { AdReport, AdReportCsvQuery, AdReportCsvTable } from '@quiz-points/shared';
import type { Executor } from '../../db/client.ts';
import { getAdReport } from './get-ad-report.ts';
import type { AdOwner } from './owned-ad.ts';

/** Excel reads a CSV as UTF-8 (not Shift_JIS) only when it starts with the byte-order mark. */
const BOM = '\uFEFF';
const CRLF = '\r\n';

type Cell = string | number;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. Text that a
 * spreadsheet would run as a formula (= + - @, a tab or a carriage return first) gets a leading
 * apostrophe, so an option written as "=HYPERLINK(…)" stays text.
 */
function field(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as a CSV file's text: BOM, CRLF after every row (the last one too). */
export const toCsv = (rows: readonly (readonly Cell[])[]) =>
  BOM + rows.map((row) => row.map(field).join(',') + CRLF).join('');

const percent = (share: number | null) => (share === null ? '' : Math.round(share * 1000) / 10);

const tables: Record<AdReportCsvTable, { header: string[]; rows: (report: AdReport) => Cell[][] }> = {
  days: {
    header: ['日付', '配信数', '回答数', '正解数', '利用金額(税抜)'],
    rows: (report) => report.days.map((d) => [d.date, d.deliveries, d.answers, d.correct, d.spend]),
  },
  options: {
    header: ['選択肢番号', '選択肢', '正解', '回答数', '割合(%)'],
    rows: (report) =>
      report.options.map((o) => [o.option, o.text, o.isCorrect ? '正解' : '', o.answers, percent(o.share)]),
  },
};

/** A title as part of a file name: no characters a file system refuses, no control characters. */
const fileNamePart = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  text.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_').trim() || 'ad';

export interface ReportCsv {
  csv: string;
  /** The file name in Japanese (sent as filename*=UTF-8''…). */
  filename: string;
  /** The same in ASCII, for clients that do not read filename*. */
  asciiFilename: string;
}

/**
 * The owner's report as a CSV file for Excel: the range's days (日付,配信数,回答数,正解数,利用金額(税抜))
 * or, with table=options, the answers per option. Two files rather than two sections in one, so each
 * opens as one plain table (docs/decisions/021-ad-reports.md).
 */
export async function exportAdReportCsv(options: {
  db: Executor;
  owner: AdOwner;
  adId: string;
  query: AdReportCsvQuery;
  now?: Date;
}): Promise<ReportCsv> {
  const { table = 'days', ...range } = options.query;
  const report = await getAdReport({ ...options, query: range });
  const { header, rows } = tables[table];
  const period = `${report.from}_${report.to}`;
  const kind = table === 'options' ? '選択肢別回答' : '日別';
  return {
    csv: toCsv([header, ...rows(report)]),
    filename: `広告レポート_${kind}_${fileNamePart(report.adTitle)}_${period}.csv`,
    asciiFilename: `ad-report-${table}_${period}.csv`,
  };
}
