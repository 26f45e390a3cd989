import {
  extraTargetingFeeRule,
  feeTargetings,
  type GiftType,
  messages,
  type SettingKey,
  type SettingsAuditEntry,
  type SettingValues,
  settingSchemas,
} from '@quiz-points/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ConfirmStep } from '../../../components/ui/confirm-step.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { withItemPaths } from '../../../components/ui/item-paths.ts';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { NumberField, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatExchangeTime } from '../../../lib/format.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type Form, useForm } from '../../../lib/use-form.ts';
import { useAdminSettings } from '../api/get-admin-settings.ts';
import { useUpdateSetting } from '../api/update-setting.ts';
import { describeSettingChange, NO_CHANGE, settingTitle, settingTitles } from './setting-changes.ts';

// Rows keep a stable id so removing one never moves another's values into its inputs.
let nextRowId = 0;
const withRowId = <T,>(row: T) => ({ ...row, rowId: ++nextRowId });
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * One setting's form: checked with the server's schema (each wrong field marked), then confirmed in
 * the page with what will change (old → new), saved, answered in the page.
 */
function SettingForm<K extends SettingKey>({
  settingKey,
  current,
  toValue,
  children,
}: {
  settingKey: K;
  current: SettingValues[K];
  toValue: () => unknown;
  children: (form: Form) => ReactNode;
}) {
  const update = useUpdateSetting(settingKey);
  const form = useForm(withItemPaths<unknown>(settingSchemas[settingKey]));
  const [outcome, setOutcome] = useState('');
  const [proposed, setProposed] = useState<{ value: SettingValues[K]; changes: string[] } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome('');
    setProposed(null);
    const value = form.validate(toValue());
    if (value === undefined) return;
    const changes = describeSettingChange(settingKey, current, value);
    if (changes[0] === NO_CHANGE) setOutcome('変更はありません。');
    else setProposed({ value: value as SettingValues[K], changes });
  };
  const save = async (value: SettingValues[K]) => {
    try {
      await update.mutateAsync(value);
      setOutcome(messages.settingSaved);
    } catch (failure) {
      form.fail(failure instanceof ApiError ? failure.message : messages.updateFailed);
    } finally {
      setProposed(null);
    }
  };
  const headingId = `setting-${settingKey}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{settingTitles[settingKey]}</h2>
      <form onSubmit={submit} noValidate>
        {children(form)}
        <FormError text={form.summary} />
        {outcome && (
          <p role="status" className="form-success">
            {outcome}
          </p>
        )}
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? uiText.sending : `${settingTitles[settingKey]}を保存`}
        </button>
      </form>
      {proposed && (
        <ConfirmStep
          question={`${settingTitles[settingKey]}を次のとおり変更します。よろしいですか？`}
          confirmLabel="変更を確定する"
          pending={update.isPending}
          onConfirm={() => void save(proposed.value)}
          onCancel={() => setProposed(null)}
        >
          <ul className="setting-changes">
            {proposed.changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </ConfirmStep>
      )}
    </section>
  );
}

/** A whole-number setting per field, as typed; its value is what the schema checks. */
function NumberSettingForm<K extends 'pricing' | 'dailyQuizPoints'>({
  settingKey,
  current,
  fields,
  children,
}: {
  settingKey: K;
  current: SettingValues[K];
  fields: readonly { key: keyof SettingValues[K] & string; id: string; label: string; hint?: string }[];
  children?: ReactNode;
}) {
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(({ key }) => [key, String(current[key])])),
  );
  const toValue = () => Object.fromEntries(fields.map(({ key }) => [key, toNumber(texts[key] ?? '')]));
  return (
    <SettingForm settingKey={settingKey} current={current} toValue={toValue}>
      {(form) => (
        <>
          {children}
          {fields.map(({ key, id, label, hint }) => (
            <NumberField
              key={key}
              id={id}
              label={label}
              hint={hint}
              value={texts[key] ?? ''}
              onChange={(text) => setTexts({ ...texts, [key]: text })}
              error={form.errorOf(key)}
            />
          ))}
        </>
      )}
    </SettingForm>
  );
}

const pricingFields = [
  { key: 'userReward', id: 'pricing-user-reward', label: 'ユーザー報酬（円）' },
  { key: 'baseFee', id: 'pricing-base-fee', label: '基本料金（円）' },
  {
    key: 'extraTargetingFee',
    id: 'pricing-extra-fee',
    label: 'ターゲティング追加料金（円）',
    hint: extraTargetingFeeRule,
  },
] as const;

const dailyQuizPointsFields = [
  { key: 'correct', id: 'daily-quiz-correct', label: '正解のポイント（Pt）' },
  { key: 'wrong', id: 'daily-quiz-wrong', label: '不正解のポイント（Pt）' },
] as const;

/** Rows of a list setting, each with a stable id, added and removed (never below one). */
function useRows<Row extends object>(initial: () => Row[]) {
  const [rows, setRows] = useState(() => initial().map(withRowId));
  return {
    rows,
    change: (rowId: number, field: keyof Row, value: string) =>
      setRows(rows.map((row) => (row.rowId === rowId ? { ...row, [field]: value } : row))),
    add: (row: Row) => setRows([...rows, withRowId(row)]),
    remove: (rowId: number) => setRows(rows.filter((other) => other.rowId !== rowId)),
  };
}

function RemoveRow({ what, disabled, onRemove }: { what: string; disabled: boolean; onRemove: () => void }) {
  return (
    <button type="button" className="button button--secondary" disabled={disabled} onClick={onRemove}>
      削除<span className="visually-hidden">（{what}）</span>
    </button>
  );
}

function GachaTableForm({ current }: { current: SettingValues['gachaTable'] }) {
  const { rows, change, add, remove } = useRows(() =>
    current.map((entry) => ({ points: String(entry.points), weight: String(entry.weight) })),
  );
  const entries = rows.map((row) => ({ points: toNumber(row.points), weight: toNumber(row.weight) }));
  const total = entries.reduce((sum, entry) => sum + (entry.weight > 0 ? entry.weight : 0), 0);
  const expected =
    total > 0
      ? entries.reduce((sum, entry) => sum + (entry.weight > 0 ? entry.points * entry.weight : 0), 0) / total
      : 0;
  return (
    <SettingForm settingKey="gachaTable" current={current} toValue={() => entries}>
      {(form) => (
        <>
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
                  {(['points', 'weight'] as const).map((field) => {
                    const messageId = `gacha-${row.rowId}-${field}`;
                    return (
                      <td key={field}>
                        <input
                          type="number"
                          inputMode="numeric"
                          className="input"
                          aria-label={`賞品${index + 1}の${field === 'points' ? 'ポイント' : '重み'}`}
                          value={row[field]}
                          onChange={(event) => change(row.rowId, field, event.target.value)}
                          {...form.invalid(`${index}.${field}`, { messageOf: messageId })}
                        />
                        <FieldError field={messageId} text={form.errorOf(`${index}.${field}`)} />
                      </td>
                    );
                  })}
                  <td>
                    {total > 0 && toNumber(row.weight) > 0
                      ? `${((toNumber(row.weight) / total) * 100).toFixed(1)}%`
                      : '―'}
                  </td>
                  <td>
                    <RemoveRow
                      what={`賞品${index + 1}`}
                      disabled={rows.length <= 1}
                      onRemove={() => remove(row.rowId)}
                    />
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
            onClick={() => add({ points: '', weight: '' })}
          >
            賞品を追加
          </button>
        </>
      )}
    </SettingForm>
  );
}

const giftTypeFields = [
  { field: 'id', label: 'ID（半角英小文字・数字・ハイフン）', input: {} },
  { field: 'label', label: '表示名', input: { maxLength: 50 } },
  { field: 'amounts', label: '交換ポイント', input: { inputMode: 'numeric' } },
] as const;

function GiftTypesForm({ current }: { current: GiftType[] }) {
  const { rows, change, add, remove } = useRows(() =>
    current.map((type) => ({ id: type.id, label: type.label, amounts: type.amounts.join(', ') })),
  );
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
    <SettingForm settingKey="giftTypes" current={current} toValue={toValue}>
      {(form) => (
        <>
          <p className="note">
            交換できるポイント数は1,000 Pt以上を、カンマ区切りで入力します。次の申請から適用されます。
          </p>
          {rows.map((row, index) => (
            <fieldset key={row.rowId} className="field" data-testid="gift-type-row">
              <legend className="field__label">ギフト{index + 1}</legend>
              {giftTypeFields.map(({ field, label, input }) => (
                <TextField
                  key={field}
                  id={`gift-${field}-${row.rowId}`}
                  label={label}
                  {...input}
                  value={row[field]}
                  onChange={(value) => change(row.rowId, field, value)}
                  error={form.errorOf(`${index}.${field}`)}
                />
              ))}
              <RemoveRow
                what={`ギフト${index + 1}`}
                disabled={rows.length <= 1}
                onRemove={() => remove(row.rowId)}
              />
            </fieldset>
          ))}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => add({ id: '', label: '', amounts: '' })}
          >
            ギフトを追加
          </button>
        </>
      )}
    </SettingForm>
  );
}

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
              <p className="ad-card__title">{settingTitle(entry.key)}</p>
              <ul className="setting-changes">
                {describeSettingChange(entry.key, entry.oldValue, entry.newValue).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="note">
                {formatExchangeTime(entry.changedAt)}（日本時間） ／ 変更者：{entry.changedBy}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminSettingsPage() {
  useDocumentTitle('設定');
  const query = useAdminSettings();
  return (
    <div className="page page--form-grid">
      <h1 className="page-title">設定</h1>
      <QueryContent query={query}>
        {({ values, audit }) => (
          <>
            <NumberSettingForm settingKey="pricing" current={values.pricing} fields={pricingFields}>
              <p className="note" data-testid="pricing-rule">
                新しく作成・再申請される広告から適用されます。1配信あたりの単価 = ユーザー報酬 + 基本料金 +
                ターゲティング追加料金 × 絞り込みに使った項目の数（最大{feeTargetings.length}項目）。
              </p>
            </NumberSettingForm>
            <NumberSettingForm
              settingKey="dailyQuizPoints"
              current={values.dailyQuizPoints}
              fields={dailyQuizPointsFields}
            />
            <GachaTableForm current={values.gachaTable} />
            <GiftTypesForm current={values.giftTypes} />
            <AuditLog entries={audit} />
          </>
        )}
      </QueryContent>
    </div>
  );
}
