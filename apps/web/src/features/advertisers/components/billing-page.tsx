import {
  type BillingOverview,
  formatNumber,
  formatYen,
  INVOICE_TAX_RATE_PERCENT,
  type InvoiceSummary,
  invoiceMessages,
  type MonthSpendRow,
  periodLabel,
} from '@quiz-points/shared';
import { Link } from 'react-router';
import { DataTable, type TableSpec } from '../../../components/ui/data-table.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { formatExchangeTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { invoicePdfUrl, useBillingOverview } from '../api/billing.ts';

const count = (value: number) => `${formatNumber(value)}件`;
const tax = `消費税（${INVOICE_TAX_RATE_PERCENT}%）`;

const spendTable: TableSpec<MonthSpendRow> = {
  label: '広告ごとのご利用金額',
  rowKey: (row) => row.adId,
  empty: '今月の配信はまだありません。',
  columns: [
    { header: '広告', cell: (row) => row.adTitle },
    { header: '配信数', cell: (row) => count(row.deliveries) },
    { header: '単価', cell: (row) => formatYen(row.unitPrice) },
    { header: '金額（税抜）', cell: (row) => formatYen(row.subtotal) },
    { header: tax, cell: (row) => formatYen(row.tax) },
    { header: '合計（税込）', cell: (row) => formatYen(row.total) },
  ],
};

const statusLabels: Record<string, string> = {
  charging: '決済処理中',
  charged: '決済済み',
  carried_over: '翌月へ繰越（50円未満）',
  failed: '決済失敗',
  no_charge: '請求なし',
};

/** An amount before tax, its tax and the total with tax, as terms of a definition list. */
function TaxedAmounts({
  subtotal,
  taxAmount,
  total,
}: {
  subtotal: number;
  taxAmount: number;
  total: number;
}) {
  return (
    <>
      <dt>金額（税抜）</dt>
      <dd>{formatYen(subtotal)}</dd>
      <dt>{tax}</dt>
      <dd>{formatYen(taxAmount)}</dd>
      <dt>合計（税込）</dt>
      <dd>
        <strong>{formatYen(total)}</strong>
      </dd>
    </>
  );
}

function Spend({ spend }: { spend: BillingOverview['spend'] }) {
  return (
    <section className="card" aria-labelledby="spend-title">
      <h2 id="spend-title">{periodLabel(spend.period)}のご利用金額（今日まで）</h2>
      <dl className="definition-list" data-testid="spend-summary">
        <dt>配信数</dt>
        <dd>{count(spend.deliveries)}</dd>
        <TaxedAmounts subtotal={spend.subtotal} taxAmount={spend.tax} total={spend.total} />
      </dl>
      <h3>広告ごとの内訳</h3>
      <DataTable {...spendTable} rows={spend.ads} />
      <p className="note">
        月末で締め、翌月5日に広告ごとの請求書を発行して、ご登録のカードで決済します。消費税は広告ごとに1円未満を四捨五入します。
      </p>
    </section>
  );
}

function InvoiceItem({ invoice }: { invoice: InvoiceSummary }) {
  const name = `${periodLabel(invoice.period)}分「${invoice.adTitle}」`;
  return (
    <li className="card" data-testid="invoice">
      <h3>{name}</h3>
      <dl className="definition-list">
        <dt>発行日</dt>
        <dd>{formatExchangeTime(invoice.issuedAt).slice(0, 11)}</dd>
        <dt>配信数</dt>
        <dd>
          {count(invoice.deliveries)} × {formatYen(invoice.unitPrice)}
        </dd>
        <TaxedAmounts
          subtotal={invoice.subtotal + invoice.carriedIn}
          taxAmount={invoice.tax}
          total={invoice.total}
        />
        <dt>状態</dt>
        <dd>{statusLabels[invoice.status] ?? invoice.status}</dd>
      </dl>
      <p>
        <a className="button button--secondary" href={invoicePdfUrl(invoice.id)} download>
          請求書PDFをダウンロード<span className="visually-hidden">（{name}）</span>
        </a>
      </p>
    </li>
  );
}

function Invoices({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <section aria-labelledby="invoices-title">
      <h2 id="invoices-title">請求書</h2>
      {invoices.length === 0 ? (
        <p className="card">
          まだ請求書はありません。配信のあった月の請求書は、翌月5日に発行されます。今月のご利用金額は上に表示しています。
        </p>
      ) : (
        <ul className="ad-list">
          {invoices.map((invoice) => (
            <InvoiceItem key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Spend so far this month and the qualified invoices issued. */
export default function BillingPage() {
  useDocumentTitle('ご利用金額と請求書');
  const overview = useBillingOverview();
  return (
    <div className="page">
      <h1 className="page-title">ご利用金額と請求書</h1>
      <QueryContent query={overview} errorMessage={invoiceMessages.billingLoadFailed}>
        {(data) => (
          <>
            <Spend spend={data.spend} />
            <Invoices invoices={data.invoices} />
          </>
        )}
      </QueryContent>
      <p className="note">
        請求書の宛名（会社名・住所）は<Link to="/advertiser">広告主メニュー</Link>で変更できます。
      </p>
      <p className="page-links">
        <Link to="/advertiser">ダッシュボードへ戻る</Link>
      </p>
    </div>
  );
}
