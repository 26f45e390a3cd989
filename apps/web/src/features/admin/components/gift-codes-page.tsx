import {
  formatNumber,
  formatPoints,
  type GiftCodeStockRow,
  giftCodeMessages,
  giftCodeStatusLabels,
  loadGiftCodesBody,
  type MaskedGiftCode,
  messages,
  parseGiftCodeCsv,
} from '@quiz-points/shared';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FilePick, NOTHING_CHOSEN } from '../../../components/ui/file-pick.tsx';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { formatExchangeTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useGiftCodeStock } from '../api/list-gift-code-stock.ts';
import { useGiftCodes } from '../api/list-gift-codes.ts';
import { useLoadGiftCodes } from '../api/load-gift-codes.ts';
import { useWithdrawGiftCode } from '../api/withdraw-gift-code.ts';

const stockName = (row: Pick<GiftCodeStockRow, 'label' | 'amount'>) =>
  `${row.label} ${formatNumber(row.amount)}円分`;

/** Upload: a gift type and amount, and a CSV file with one code a line (all loaded, or none). */
function LoadForm({ stock }: { stock: GiftCodeStockRow[] }) {
  const types = [...new Map(stock.map((row) => [row.giftType, row.label])).entries()];
  const form = useForm(loadGiftCodesBody);
  const load = useLoadGiftCodes();
  const [giftType, setGiftType] = useState('');
  const [amount, setAmount] = useState('');
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const amounts = stock.filter((row) => row.giftType === giftType).map((row) => String(row.amount));
  const parsed = csv ? parseGiftCodeCsv(csv) : null;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setMessage(null);
    const file = event.target.files?.[0];
    setFileName(file?.name ?? null);
    setCsv((await file?.text()) ?? '');
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    setMessage(null);
    const body = form.validate({ giftType, amount: Number(amount) || undefined, csv });
    if (!body) return;
    if (!csv) return form.fail(giftCodeMessages.fileEmpty, 'csv');
    try {
      const { loaded } = await load.mutateAsync(body);
      setMessage({ kind: 'ok', text: giftCodeMessages.loaded(loaded) });
      setCsv('');
      setFileName(null);
      formElement.reset();
    } catch (failure) {
      form.fail(failure instanceof Error ? failure.message : messages.updateFailed);
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="load-codes-title">
      <h2 id="load-codes-title">コードを登録する</h2>
      <SelectField
        id="codes-type"
        label="ギフトの種類"
        value={giftType}
        options={types}
        onChange={(value) => {
          setGiftType(value);
          setAmount('');
        }}
        error={form.errorOf('giftType')}
      />
      <SelectField
        id="codes-amount"
        label="金額"
        value={amount}
        options={amounts.map((value) => [value, `${formatNumber(Number(value))}円分`] as const)}
        onChange={setAmount}
        error={form.errorOf('amount')}
      />
      <Field
        id="codes-file"
        label="CSVファイル"
        hint="1行に1件のギフトコード（1列目）。見出し行と空行は読み飛ばします。1回に1,000件まで。"
        error={form.errorOf('csv')}
      >
        <FilePick
          id="codes-file"
          buttonLabel="ファイルを選ぶ"
          status={fileName ?? NOTHING_CHOSEN}
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => void chooseFile(event)}
          {...form.invalid('csv', { describedBy: 'codes-file-hint' })}
        />
      </Field>
      {parsed && (
        <p role="status" className={parsed.ok ? 'note' : 'form-error'}>
          {parsed.ok ? `${formatNumber(parsed.codes.length)}件のコードを読み込みました。` : parsed.message}
        </p>
      )}
      <SubmitButton pending={load.isPending}>登録する</SubmitButton>
      <FormMessage message={form.summary ? { kind: 'error', text: form.summary } : message} />
    </form>
  );
}

/** One type and amount's codes, masked, with a way to withdraw those still in stock. */
function CodeList({ row }: { row: GiftCodeStockRow }) {
  const query = useGiftCodes(row.giftType, row.amount);
  const withdraw = useWithdrawGiftCode();
  const [message, setMessage] = useState<FormMessageValue>(null);
  const withdrawCode = async (code: MaskedGiftCode) => {
    setMessage(null);
    try {
      await withdraw.mutateAsync(code.id);
      setMessage({ kind: 'ok', text: `${code.masked}：${giftCodeMessages.withdrawn}` });
    } catch (failure) {
      setMessage({ kind: 'error', text: failure instanceof Error ? failure.message : messages.updateFailed });
    }
  };
  return (
    <section className="card" aria-labelledby="code-list-title">
      <h2 id="code-list-title">{stockName(row)}のコード</h2>
      <FormMessage message={message} />
      <QueryContent query={query}>
        {(data) => (
          <DataTable
            label={`${stockName(row)}のコード一覧`}
            rows={data.codes}
            rowKey={(code) => code.id}
            empty="登録されたコードはありません。"
            columns={[
              { header: 'コード', cell: (code) => <span className="code-masked">{code.masked}</span> },
              { header: '状態', cell: (code) => giftCodeStatusLabels[code.status] },
              { header: '登録日時', cell: (code) => formatExchangeTime(code.loadedAt) },
              {
                header: '操作',
                cell: (code) =>
                  code.status === 'available' ? (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={withdraw.isPending}
                      onClick={() => void withdrawCode(code)}
                      aria-label={`${code.masked}を取り下げる`}
                    >
                      取り下げる
                    </button>
                  ) : null,
              },
            ]}
          />
        )}
      </QueryContent>
    </section>
  );
}

/** The gift-code inventory (decision 016): stock per type and amount, upload, and the codes of one. */
export default function GiftCodesPage() {
  useDocumentTitle('ギフトコード在庫');
  const query = useGiftCodeStock();
  const [shown, setShown] = useState<string | null>(null);
  const keyOf = (row: GiftCodeStockRow) => `${row.giftType}/${row.amount}`;
  return (
    <div className="page">
      <h1 className="page-title">ギフトコード在庫</h1>
      <p className="note">
        在庫のある金額の交換はその場でコードを発行します。在庫がなければ「ギフト申請」から手動で発行します（3営業日以内）。
      </p>
      <QueryContent query={query}>
        {({ stock }) => (
          <>
            <section className="card" aria-labelledby="stock-title">
              <h2 id="stock-title">在庫数</h2>
              <DataTable
                label="ギフトコードの在庫数"
                rows={stock}
                rowKey={keyOf}
                empty="交換先が設定されていません。"
                columns={[
                  { header: 'ギフト', cell: (row) => stockName(row) },
                  { header: '交換ポイント', cell: (row) => formatPoints(row.amount) },
                  {
                    header: '在庫',
                    cell: (row) => (
                      <>
                        {formatNumber(row.available)}件
                        {row.low && <span className="badge badge--pending">残りわずか</span>}
                      </>
                    ),
                  },
                  { header: '発行済み', cell: (row) => `${formatNumber(row.issued)}件` },
                  { header: '取り下げ', cell: (row) => `${formatNumber(row.withdrawn)}件` },
                  {
                    header: 'コード',
                    cell: (row) => (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-pressed={shown === keyOf(row)}
                        onClick={() => setShown(shown === keyOf(row) ? null : keyOf(row))}
                        aria-label={`${stockName(row)}のコードを見る`}
                      >
                        見る
                      </button>
                    ),
                  },
                ]}
              />
            </section>
            <LoadForm stock={stock} />
            {stock
              .filter((row) => keyOf(row) === shown)
              .map((row) => (
                <CodeList key={keyOf(row)} row={row} />
              ))}
          </>
        )}
      </QueryContent>
    </div>
  );
}
