import {
  type GiftType,
  messages,
  type SettingKey,
  type SettingsAuditEntry,
  type SettingValues,
  settingSchemas,
} from '@quiz-points/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { NumberField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPassbookTime } from '../../../lib/format.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminSettings, useUpdateSetting } from '../api/settings.ts';
import { RequireAdmin } from './require-admin.tsx';

const settingTitles: Record<SettingKey, string> = {
  pricing: '価格設定',
  gachaTable: 'ガチャの賞品',
  dailyQuizPoints: 'デイリークイズのポイント',
  giftTypes: 'ギフトの種類',
};

// Rows keep a stable id so removing one never moves another's values into its inputs.
let nextRowId = 0;
const withRowId = <T,>(row: T) => ({ ...row, rowId: ++nextRowId });
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** One setting's form: validated with the server's schema, saved, and answered in the page. */
function SettingForm<K extends SettingKey>({
  settingKey,
  toValue,
  children,
}: {
  settingKey: K;
  toValue: () => unknown;
  children: ReactNode;
}) {
  const update = useUpdateSetting(settingKey);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = settingSchemas[settingKey].safeParse(toValue());
    if (!parsed.success) return setMessage({ kind: 'error', text: messages.allFieldsRequired });
    try {
      await update.mutateAsync(parsed.data as SettingValues[K]);
      setMessage({ kind: 'ok', text: messages.settingSaved });
    } catch (failure) {
      setMessage({
        kind: 'error',
        text: failure instanceof ApiError ? failure.message : messages.updateFailed,
      });
    }
  };
  const headingId = `setting-${settingKey}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{settingTitles[settingKey]}</h2>
      <form onSubmit={submit} noValidate>
        {children}
        {message && (
          <p
            role={message.kind === 'ok' ? 'status' : 'alert'}
            className={message.kind === 'ok' ? 'form-success' : 'form-error'}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? uiText.sending : `${settingTitles[settingKey]}を保存`}
        </button>
      </form>
    </section>
  );
}

function PricingForm({ current }: { current: SettingValues['pricing'] }) {
  const [userReward, setUserReward] = useState(String(current.userReward));
  const [baseFee, setBaseFee] = useState(String(current.baseFee));
  const [extraTargetingFee, setExtraTargetingFee] = useState(String(current.extraTargetingFee));
  return (
    <SettingForm
      settingKey="pricing"
      toValue={() => ({
        userReward: toNumber(userReward),
        baseFee: toNumber(baseFee),
        extraTargetingFee: toNumber(extraTargetingFee),
      })}
    >
      <p className="note">
        新しく作成・再申請される広告から適用されます。1配信あたりの単価 = ユーザー報酬 + 基本料金 + 追加料金。
      </p>
      <NumberField
        id="pricing-user-reward"
        label="ユーザー報酬（円）"
        value={userReward}
        onChange={setUserReward}
      />
      <NumberField id="pricing-base-fee" label="基本料金（円）" value={baseFee} onChange={setBaseFee} />
      <NumberField
        id="pricing-extra-fee"
        label="ターゲティング追加料金（円）"
        value={extraTargetingFee}
        onChange={setExtraTargetingFee}
        hint="性別の指定、年代の指定それぞれに1回ずつ加算されます。"
      />
    </SettingForm>
  );
}

function DailyQuizPointsForm({ current }: { current: SettingValues['dailyQuizPoints'] }) {
  const [correct, setCorrect] = useState(String(current.correct));
  const [wrong, setWrong] = useState(String(current.wrong));
  return (
    <SettingForm
      settingKey="dailyQuizPoints"
      toValue={() => ({ correct: toNumber(correct), wrong: toNumber(wrong) })}
    >
      <NumberField
        id="daily-quiz-correct"
        label="正解のポイント（Pt）"
        value={correct}
        onChange={setCorrect}
      />
      <NumberField id="daily-quiz-wrong" label="不正解のポイント（Pt）" value={wrong} onChange={setWrong} />
    </SettingForm>
  );
}

function GachaTableForm({ current }: { current: SettingValues['gachaTable'] }) {
  const [rows, setRows] = useState(() =>
    current.map((entry) => withRowId({ points: String(entry.points), weight: String(entry.weight) })),
  );
  const entries = rows.map((row) => ({ points: toNumber(row.points), weight: toNumber(row.weight) }));
  const total = entries.reduce((sum, entry) => sum + (entry.weight > 0 ? entry.weight : 0), 0);
  const expected =
    total > 0
      ? entries.reduce((sum, entry) => sum + (entry.weight > 0 ? entry.points * entry.weight : 0), 0) / total
      : 0;
  const change = (rowId: number, field: 'points' | 'weight', value: string) =>
    setRows(rows.map((row) => (row.rowId === rowId ? { ...row, [field]: value } : row)));
  return (
    <SettingForm settingKey="gachaTable" toValue={() => entries}>
      <p className="note">重みの割合で当選します。次の抽選から適用されます。</p>
      <table className="report-table">
        <thead>
          <tr>
            <th scope="col">ポイント（Pt）</th>
            <th scope="col">重み</th>
            <th scope="col">確率</th>
            <th scope="col">
              <span className="visually-hidden">操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.rowId} data-testid="gacha-row">
              <td>
                <input
                  type="number"
                  inputMode="numeric"
                  className="input"
                  aria-label={`賞品${index + 1}のポイント`}
                  value={row.points}
                  onChange={(event) => change(row.rowId, 'points', event.target.value)}
                />
              </td>
              <td>
                <input
                  type="number"
                  inputMode="numeric"
                  className="input"
                  aria-label={`賞品${index + 1}の重み`}
                  value={row.weight}
                  onChange={(event) => change(row.rowId, 'weight', event.target.value)}
                />
              </td>
              <td>
                {total > 0 && toNumber(row.weight) > 0
                  ? `${((toNumber(row.weight) / total) * 100).toFixed(1)}%`
                  : '―'}
              </td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={rows.length <= 1}
                  onClick={() => setRows(rows.filter((other) => other.rowId !== row.rowId))}
                >
                  削除<span className="visually-hidden">（賞品{index + 1}）</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="note" data-testid="gacha-expected">
        1回あたりの期待値：{expected.toFixed(2)} Pt
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setRows([...rows, withRowId({ points: '', weight: '' })])}
      >
        賞品を追加
      </button>
    </SettingForm>
  );
}

function GiftTypesForm({ current }: { current: GiftType[] }) {
  const [rows, setRows] = useState(() =>
    current.map((type) => withRowId({ id: type.id, label: type.label, amounts: type.amounts.join(', ') })),
  );
  const change = (rowId: number, field: 'id' | 'label' | 'amounts', value: string) =>
    setRows(rows.map((row) => (row.rowId === rowId ? { ...row, [field]: value } : row)));
  const toValue = () =>
    rows.map((row) => ({
      id: row.id.trim(),
      label: row.label,
      amounts: row.amounts
        .split(/[,、\s]+/)
        .filter((part) => part !== '')
        .map(toNumber),
    }));
  return (
    <SettingForm settingKey="giftTypes" toValue={toValue}>
      <p className="note">
        交換できるポイント数は1,000 Pt以上を、カンマ区切りで入力します。次の申請から適用されます。
      </p>
      {rows.map((row, index) => (
        <fieldset key={row.rowId} className="field" data-testid="gift-type-row">
          <legend className="field__label">ギフト{index + 1}</legend>
          <label className="field__label" htmlFor={`gift-id-${row.rowId}`}>
            ID（半角英小文字・数字・ハイフン）
          </label>
          <input
            id={`gift-id-${row.rowId}`}
            className="input"
            value={row.id}
            onChange={(event) => change(row.rowId, 'id', event.target.value)}
          />
          <label className="field__label" htmlFor={`gift-label-${row.rowId}`}>
            表示名
          </label>
          <input
            id={`gift-label-${row.rowId}`}
            className="input"
            value={row.label}
            maxLength={50}
            onChange={(event) => change(row.rowId, 'label', event.target.value)}
          />
          <label className="field__label" htmlFor={`gift-amounts-${row.rowId}`}>
            交換ポイント
          </label>
          <input
            id={`gift-amounts-${row.rowId}`}
            className="input"
            inputMode="numeric"
            value={row.amounts}
            onChange={(event) => change(row.rowId, 'amounts', event.target.value)}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={rows.length <= 1}
            onClick={() => setRows(rows.filter((other) => other.rowId !== row.rowId))}
          >
            削除<span className="visually-hidden">（ギフト{index + 1}）</span>
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setRows([...rows, withRowId({ id: '', label: '', amounts: '' })])}
      >
        ギフトを追加
      </button>
    </SettingForm>
  );
}

const auditTitle = (key: string) => settingTitles[key as SettingKey] ?? key;
const compact = (value: unknown) => (value === null || value === undefined ? '―' : JSON.stringify(value));

function AuditLog({ entries }: { entries: SettingsAuditEntry[] }) {
  return (
    <section className="card" aria-labelledby="settings-audit">
      <h2 id="settings-audit">変更履歴</h2>
      {entries.length === 0 ? (
        <p className="note">まだ変更はありません。</p>
      ) : (
        <ul className="ad-list">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="audit-entry">
              <p className="ad-card__title">{auditTitle(entry.key)}</p>
              <p className="note">
                {formatPassbookTime(entry.changedAt)} ／ {entry.changedBy}
              </p>
              <p className="audit-change">
                変更前：<code>{compact(entry.oldValue)}</code>
                <br />
                変更後：<code>{compact(entry.newValue)}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AdminSettings() {
  useDocumentTitle('設定');
  const query = useAdminSettings();
  return (
    <div className="page">
      <h1 className="page-title">設定</h1>
      <QueryContent query={query} errorMessage={messages.loadFailed}>
        {({ values, audit }) => (
          <>
            <PricingForm current={values.pricing} />
            <DailyQuizPointsForm current={values.dailyQuizPoints} />
            <GachaTableForm current={values.gachaTable} />
            <GiftTypesForm current={values.giftTypes} />
            <AuditLog entries={audit} />
          </>
        )}
      </QueryContent>
    </div>
  );
}

export default function AdminSettingsPage() {
  return <RequireAdmin>{() => <AdminSettings />}</RequireAdmin>;
}
