import {
  type AdImage,
  type AdInputBody,
  adInputBody,
  adOptionMaxLength,
  ageBands,
  DEFAULT_MAX_DELIVERIES,
  formatYen,
  genders,
  limits,
  messages,
  newAdInputBody,
  noProfileTargeting,
  type ProfileTargeting,
  perDeliveryCost,
  type TargetAgeRange,
  type TargetGender,
  type Targeting,
  targetingDimensionsUsed,
  totalWithTax,
} from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { AdPreview } from '../../../components/ui/ad-preview.tsx';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { withItemPaths } from '../../../components/ui/item-paths.ts';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { QuizFields, type QuizFieldsLayout, useQuizFields } from '../../../components/ui/quiz-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { NumberField, TextField } from '../../../components/ui/text-field.tsx';
import { ageBandLabels, genderLabels } from '../../../lib/targeting-labels.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useForm } from '../../../lib/use-form.ts';
import { usePricing } from '../api/get-pricing.ts';
import type { ImageStep, SendRefusal } from '../hooks/use-send-ad.ts';
import { AdImageField, type ImageChoice, useImageToShow } from './ad-image-field.tsx';
import { ProfileTargetingFields } from './profile-targeting-fields.tsx';
import { ScheduleFields, scheduleBody, scheduleValues } from './schedule-fields.tsx';

export interface AdFormValues extends ProfileTargeting {
  adTitle: string;
  adProvider: string;
  adUrl: string;
  quizQuestion: string;
  quizOptions: string[];
  correctOptionIndex: number | null;
  maxDeliveries: number;
  targetGender: TargetGender;
  targetAgeRange: TargetAgeRange;
  /** The delivery window's Japan-time days; null or absent is open (issue 17). */
  startDate?: string | null;
  endDate?: string | null;
  /** The saved banner image (issue 28); none on a new ad. */
  image: AdImage | null;
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
  ...noProfileTargeting,
  image: null,
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
            <dt>絞り込み条件</dt>
            <dd data-testid="price-dimensions">{targetingDimensionsUsed(targeting)}項目</dd>
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
          {formatYen(pricing.data.baseFee)} ＋ 絞り込み条件1項目につき{' '}
          {formatYen(pricing.data.extraTargetingFee)}
          （性別・年代・都道府県・職業・年収・婚姻状況・子どもの有無のうち、指定した項目の数。1項目の中でいくつ選んでも1回分）。総額
          ＝ 単価 × 配信上限数 × 1.1（1円未満切り捨て）。実際のご請求は配信した件数分です。
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
const newAdForm = withItemPaths(newAdInputBody);
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
 * `onSubmit` returns an error message to show, or nothing when the ad went through; `onSaveDraft`,
 * when given, keeps it as a draft after the same checks (issue 17). A new ad (`newAd`) may not start
 * in the past. Both are given what to do with the banner image (issue 28) and report its upload's
 * progress; a refusal of the image is shown beside its field.
 */
export function AdForm({
  initial,
  submitLabel,
  onSubmit,
  pending,
  newAd = false,
  onSaveDraft,
  savingDraft = false,
}: {
  initial: AdFormValues;
  submitLabel: string;
  onSubmit: (body: AdInputBody, image: ImageStep) => Promise<SendRefusal>;
  pending: boolean;
  newAd?: boolean;
  onSaveDraft?: (body: AdInputBody, image: ImageStep) => Promise<SendRefusal>;
  savingDraft?: boolean;
}) {
  const form = useForm(newAd ? newAdForm : adForm);
  const [schedule, setSchedule] = useState(() => scheduleValues(initial));
  const pricing = usePricing();
  const [naming, setNaming] = useState({ adTitle: initial.adTitle, adProvider: initial.adProvider });
  const [adUrl, setAdUrl] = useState(initial.adUrl);
  const quiz = useQuizFields(initial);
  const [maxDeliveries, setMaxDeliveries] = useState(String(initial.maxDeliveries));
  const [imageChoice, setImageChoice] = useState<ImageChoice>({ kind: 'keep' });
  const [imageError, setImageError] = useState('');
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const shownImage = useImageToShow(initial.image, imageChoice);
  const [targeting, setTargeting] = useState<Targeting>({
    targetGender: initial.targetGender,
    targetAgeRange: initial.targetAgeRange,
    targetPrefectures: initial.targetPrefectures,
    targetOccupations: initial.targetOccupations,
    targetIncomes: initial.targetIncomes,
    targetMaritalStatuses: initial.targetMaritalStatuses,
    targetChildren: initial.targetChildren,
  });

  const send = async (handler: (body: AdInputBody, image: ImageStep) => Promise<SendRefusal>) => {
    const body = form.validate({
      ...naming,
      adUrl,
      ...quiz.body(),
      maxDeliveries: wholeNumber(maxDeliveries),
      ...targeting,
      ...scheduleBody(schedule),
    });
    if (!body) return;
    setImageError('');
    const uploading = imageChoice.kind === 'set';
    if (uploading) setUploadProgress(0);
    const refusal = await handler(body, { choice: imageChoice, onProgress: setUploadProgress }).finally(
      () => uploading && setUploadProgress(null),
    );
    if (typeof refusal === 'string') form.fail(refusal);
    else if (refusal) setImageError(refusal.image);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(onSubmit);
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
      <AdImageField
        current={initial.image}
        shown={shownImage}
        choice={imageChoice}
        onChoose={setImageChoice}
        error={imageError}
        onError={setImageError}
        progress={uploadProgress}
        title={naming.adTitle}
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
      <ProfileTargetingFields value={targeting} onChange={setTargeting} />
      <ScheduleFields value={schedule} onChange={setSchedule} errorOf={form.errorOf} />
      <AdPreview
        ad={{
          ...naming,
          adUrl,
          ...quiz.body(),
          userReward: pricing.data?.userReward ?? null,
          image: shownImage,
        }}
      />
      <PricePanel maxDeliveries={maxDeliveries} targeting={targeting} />
      <FormError text={form.summary} />
      <SubmitButton pending={pending || uploadProgress !== null}>{submitLabel}</SubmitButton>
      {onSaveDraft && (
        <button
          type="button"
          className="button button--secondary button--wide"
          disabled={savingDraft || pending}
          onClick={() => void send(onSaveDraft)}
        >
          {savingDraft ? uiText.sending : '下書き保存'}
        </button>
      )}
      <p className="note">送信後、1〜2営業日以内に審査結果をメールでお知らせします。</p>
    </form>
  );
}
