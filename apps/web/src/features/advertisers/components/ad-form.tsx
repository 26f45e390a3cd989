import {
  type AdInputBody,
  adInputBody,
  adOptionMaxLength,
  ageBands,
  DEFAULT_MAX_DELIVERIES,
  genders,
  limits,
  messages,
  perDeliveryCost,
  type TargetAgeRange,
  type TargetGender,
  totalWithTax,
} from '@quiz-points/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { OptionsEditor, optionsBody, optionsValue } from '../../../components/ui/options-editor.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { NumberField, TextField } from '../../../components/ui/text-field.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { usePricing } from '../api/get-pricing.ts';
import { ageBandLabels, genderLabels, yen } from './targeting-labels.ts';

export interface AdFormValues {
  adTitle: string;
  adProvider: string;
  adUrl: string;
  quizQuestion: string;
  quizOptions: string[];
  correctOptionIndex: number | null;
  maxDeliveries: number;
  targetGender: TargetGender;
  targetAgeRange: TargetAgeRange;
}

const noBoxes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>;

/** SPEC §5: the URL field starts as the scheme; two blank options; 100 deliveries; everyone. */
export const emptyAdForm: AdFormValues = {
  adTitle: '',
  adProvider: '',
  adUrl: 'https://',
  quizQuestion: '',
  quizOptions: ['', ''],
  correctOptionIndex: null,
  maxDeliveries: DEFAULT_MAX_DELIVERIES,
  targetGender: noBoxes(genders),
  targetAgeRange: noBoxes(ageBands),
};

/** The live price (SPEC §9), from the pricing in force; the admin's house ads cost 0. */
function PricePanel({
  maxDeliveries,
  targetGender,
  targetAgeRange,
}: {
  maxDeliveries: string;
  targetGender: TargetGender;
  targetAgeRange: TargetAgeRange;
}) {
  const pricing = usePricing();
  if (pricing.isError) {
    return (
      <p role="alert" className="form-error">
        {messages.pricingUnavailable}
      </p>
    );
  }
  const deliveries = /^[0-9]+$/.test(maxDeliveries) ? Number(maxDeliveries) : null;
  const cost = pricing.data
    ? pricing.data.isAdmin
      ? 0
      : perDeliveryCost(pricing.data, { targetGender, targetAgeRange })
    : null;
  const total = cost !== null && deliveries !== null ? totalWithTax(cost, deliveries) : null;
  return (
    <section className="card notice price-panel" aria-labelledby="price-title">
      <h2 id="price-title">お見積もり</h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        {pricing.isPending ? (
          <p>{uiText.loading}</p>
        ) : (
          <dl className="price-panel__list">
            <dt>1配信あたりの単価</dt>
            <dd data-testid="price-per-delivery">{cost === null ? '―' : yen(cost)}</dd>
            <dt>お支払い総額（税込）</dt>
            <dd data-testid="price-total" className="price-panel__total">
              {total === null ? '―' : yen(total)}
            </dd>
          </dl>
        )}
      </div>
      {pricing.data && !pricing.data.isAdmin && (
        <p className="note">
          単価 ＝ ユーザー報酬 {yen(pricing.data.userReward)} ＋ 基本料金 {yen(pricing.data.baseFee)} ＋
          性別・年代の指定それぞれ {yen(pricing.data.extraTargetingFee)}。総額 ＝ 単価 × 配信上限数 ×
          1.1（1円未満切り捨て）。実際のご請求は配信した件数分です。
        </p>
      )}
      {pricing.data?.isAdmin && <p className="note">運営アカウントの広告は無料で配信されます。</p>}
    </section>
  );
}

/** One checkbox per gender or age band; none ticked targets everyone. */
function TargetingBoxes<K extends string>({
  legend,
  labels,
  keys,
  value,
  onChange,
  children,
}: {
  legend: string;
  labels: Record<K, string>;
  keys: readonly K[];
  value: Record<K, boolean>;
  onChange: (value: Record<K, boolean>) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className="field">
      <legend className="field__label">{legend}</legend>
      <div className="choice-row">
        {keys.map((key) => (
          <label key={key} className="choice">
            <input
              type="checkbox"
              checked={value[key]}
              onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
            />
            {labels[key]}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

/**
 * The create-ad and edit-ad form (SPEC §5 Create ad). It checks the shared request schema before
 * sending; every failure reads すべての項目を正しく入力してください。 `onSubmit` returns an error
 * message to show, or nothing when the ad went through.
 */
export function AdForm({
  initial,
  submitLabel,
  onSubmit,
  pending,
}: {
  initial: AdFormValues;
  submitLabel: string;
  onSubmit: (body: AdInputBody) => Promise<string | undefined>;
  pending: boolean;
}) {
  const [adTitle, setAdTitle] = useState(initial.adTitle);
  const [adProvider, setAdProvider] = useState(initial.adProvider);
  const [adUrl, setAdUrl] = useState(initial.adUrl);
  const [quizQuestion, setQuizQuestion] = useState(initial.quizQuestion);
  const [options, setOptions] = useState(() => optionsValue(initial.quizOptions, initial.correctOptionIndex));
  const [maxDeliveries, setMaxDeliveries] = useState(String(initial.maxDeliveries));
  const [targetGender, setTargetGender] = useState(initial.targetGender);
  const [targetAgeRange, setTargetAgeRange] = useState(initial.targetAgeRange);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = adInputBody.safeParse({
      adTitle,
      adProvider,
      adUrl,
      quizQuestion,
      ...optionsBody(options),
      maxDeliveries: /^[0-9]+$/.test(maxDeliveries) ? Number(maxDeliveries) : Number.NaN,
      targetGender,
      targetAgeRange,
    });
    if (!parsed.success) return setError(messages.allFieldsRequired);
    setError('');
    setError((await onSubmit(parsed.data)) ?? '');
  };

  return (
    // Any edit clears the last refusal, so a stale message never sits under a corrected form.
    <form className="card ad-form" onSubmit={submit} onChange={() => setError('')} noValidate>
      <CountedTextarea
        id="ad-title"
        label="広告タイトル"
        value={adTitle}
        max={limits.adTitle}
        onChange={setAdTitle}
        singleLine
      />
      <CountedTextarea
        id="ad-provider"
        label="広告主名（表示名）"
        value={adProvider}
        max={limits.adProvider}
        onChange={setAdProvider}
        singleLine
      />
      <TextField
        id="ad-url"
        label="広告ページのURL"
        type="url"
        inputMode="url"
        value={adUrl}
        maxLength={2048}
        onChange={setAdUrl}
      />
      <CountedTextarea
        id="ad-question"
        label="クイズの問題文"
        value={quizQuestion}
        max={limits.quizQuestion}
        onChange={setQuizQuestion}
      />
      <OptionsEditor
        idPrefix="ad-option"
        maxLength={adOptionMaxLength}
        correctPicker="radio"
        value={options}
        onChange={setOptions}
      />
      <NumberField
        id="ad-max-deliveries"
        label="配信上限数（件）"
        min={1}
        value={maxDeliveries}
        onChange={setMaxDeliveries}
      />
      <TargetingBoxes
        legend="性別で絞り込む（任意）"
        labels={genderLabels}
        keys={genders}
        value={targetGender}
        onChange={setTargetGender}
      />
      <TargetingBoxes
        legend="年代で絞り込む（任意）"
        labels={ageBandLabels}
        keys={ageBands}
        value={targetAgeRange}
        onChange={setTargetAgeRange}
      >
        <p className="note">指定しない場合は、すべての性別・年代の方に配信されます。</p>
      </TargetingBoxes>
      <PricePanel maxDeliveries={maxDeliveries} targetGender={targetGender} targetAgeRange={targetAgeRange} />
      <FormError text={error} />
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      <p className="note">送信後、1〜2営業日以内に審査結果をメールでお知らせします。</p>
    </form>
  );
}
