import {
  type AdInputBody,
  adInputBody,
  adOptionMaxLength,
  ageBands,
  DEFAULT_MAX_DELIVERIES,
  formatYen,
  genders,
  limits,
  messages,
  perDeliveryCost,
  type TargetAgeRange,
  type TargetGender,
  type Targeting,
  totalWithTax,
} from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { withItemPaths } from '../../../components/ui/item-paths.ts';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { QuizFields, type QuizFieldsLayout, useQuizFields } from '../../../components/ui/quiz-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { NumberField, TextField } from '../../../components/ui/text-field.tsx';
import { uiText } from '../../../lib/ui-text.ts';
import { useForm } from '../../../lib/use-form.ts';
import { usePricing } from '../api/get-pricing.ts';
import { ageBandLabels, genderLabels } from './targeting-labels.ts';

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
function PricePanel({ maxDeliveries, targeting }: { maxDeliveries: string; targeting: Targeting }) {
  const pricing = usePricing();
  if (pricing.isError) {
    return <LoadFailed message={messages.pricingUnavailable} onRetry={() => void pricing.refetch()} />;
  }
  const deliveries = Number.isNaN(wholeNumber(maxDeliveries)) ? null : wholeNumber(maxDeliveries);
  const cost = pricing.data ? (pricing.data.isAdmin ? 0 : perDeliveryCost(pricing.data, targeting)) : null;
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
            <dd data-testid="price-per-delivery">{cost === null ? '―' : formatYen(cost)}</dd>
            <dt>お支払い総額（税込）</dt>
            <dd data-testid="price-total" className="price-panel__total">
              {total === null ? '―' : formatYen(total)}
            </dd>
          </dl>
        )}
      </div>
      {pricing.data && !pricing.data.isAdmin && (
        <p className="note">
          単価 ＝ ユーザー報酬 {formatYen(pricing.data.userReward)} ＋ 基本料金{' '}
          {formatYen(pricing.data.baseFee)} ＋ 性別・年代の指定それぞれ{' '}
          {formatYen(pricing.data.extraTargetingFee)}。総額 ＝ 単価 × 配信上限数 ×
          1.1（1円未満切り捨て）。実際のご請求は配信した件数分です。
        </p>
      )}
      {pricing.data?.isAdmin && <p className="note">運営アカウントの広告は無料で配信されます。</p>}
    </section>
  );
}

const targetingGroups = [
  { key: 'targetGender', legend: '性別で絞り込む（任意）', labels: genderLabels },
  { key: 'targetAgeRange', legend: '年代で絞り込む（任意）', labels: ageBandLabels },
] as const;

/** One checkbox per gender and per age band; none ticked in a group targets everyone. */
function TargetingFields({ value, onChange }: { value: Targeting; onChange: (value: Targeting) => void }) {
  return (
    <>
      {targetingGroups.map(({ key, legend, labels }) => {
        const boxes: Record<string, boolean> = value[key];
        return (
          <fieldset key={key} className="field">
            <legend className="field__label">{legend}</legend>
            <div className="choice-row">
              {Object.entries(labels).map(([box, label]) => (
                <label key={box} className="choice">
                  <input
                    type="checkbox"
                    checked={boxes[box]}
                    onChange={(event) =>
                      onChange({ ...value, [key]: { ...boxes, [box]: event.target.checked } })
                    }
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <p className="note">指定しない場合は、すべての性別・年代の方に配信されます。</p>
    </>
  );
}

const adForm = withItemPaths(adInputBody);
/** The ad's title and who it is from, each with its length counter. */
const namingFields = [
  { key: 'adTitle', id: 'ad-title', label: '広告タイトル' },
  { key: 'adProvider', id: 'ad-provider', label: '広告主名（表示名）' },
] as const;
const quizLayout: QuizFieldsLayout = {
  questionId: 'ad-question',
  questionLabel: 'クイズの問題文',
  optionIdPrefix: 'ad-option',
  optionMaxLength: adOptionMaxLength,
  correctPicker: 'radio',
};
const wholeNumber = (text: string) => (/^[0-9]+$/.test(text) ? Number(text) : Number.NaN);

/**
 * The create-ad and edit-ad form (SPEC §5 Create ad). It checks the shared request schema before
 * sending, marking each wrong field; the summary always reads すべての項目を正しく入力してください。
 * `onSubmit` returns an error message to show, or nothing when the ad went through.
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
  const form = useForm(adForm);
  const [naming, setNaming] = useState({ adTitle: initial.adTitle, adProvider: initial.adProvider });
  const [adUrl, setAdUrl] = useState(initial.adUrl);
  const quiz = useQuizFields(initial);
  const [maxDeliveries, setMaxDeliveries] = useState(String(initial.maxDeliveries));
  const [targeting, setTargeting] = useState<Targeting>({
    targetGender: initial.targetGender,
    targetAgeRange: initial.targetAgeRange,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate({
      ...naming,
      adUrl,
      ...quiz.body(),
      maxDeliveries: wholeNumber(maxDeliveries),
      ...targeting,
    });
    if (!body) return;
    const refusal = await onSubmit(body);
    if (refusal) form.fail(refusal);
  };

  return (
    // Any edit clears the last refusal, so a stale message never sits under a corrected form.
    <form className="card ad-form" onSubmit={submit} onChange={form.clear} noValidate>
      {namingFields.map(({ key, id, label }) => (
        <CountedTextarea
          key={key}
          id={id}
          label={label}
          value={naming[key]}
          max={limits[key]}
          onChange={(value) => setNaming({ ...naming, [key]: value })}
          singleLine
          error={form.errorOf(key)}
        />
      ))}
      <TextField
        id="ad-url"
        label="広告ページのURL"
        type="url"
        inputMode="url"
        value={adUrl}
        maxLength={2048}
        onChange={setAdUrl}
        error={form.errorOf('adUrl')}
      />
      <QuizFields layout={quizLayout} quiz={quiz} errorOf={form.errorOf} />
      <NumberField
        id="ad-max-deliveries"
        label="配信上限数（件）"
        min={1}
        value={maxDeliveries}
        onChange={setMaxDeliveries}
        error={form.errorOf('maxDeliveries')}
      />
      <TargetingFields value={targeting} onChange={setTargeting} />
      <PricePanel maxDeliveries={maxDeliveries} targeting={targeting} />
      <FormError text={form.summary} />
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      <p className="note">送信後、1〜2営業日以内に審査結果をメールでお知らせします。</p>
    </form>
  );
}
