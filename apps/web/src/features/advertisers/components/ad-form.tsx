import {
  type AdImage,
  type AdInputBody,
  adFieldProblem,
  adInputBody,
  adOptionMaxLength,
  ageBands,
  DEFAULT_MAX_DELIVERIES,
  dailyBudgetLabel,
  formatNumber,
  formatYen,
  genders,
  limits,
  messages,
  newAdInputBody,
  noProfileTargeting,
  type PricingView,
  type ProfileTargeting,
  perDeliveryCost,
  scheduleLabel,
  type TargetAgeRange,
  type TargetGender,
  type Targeting,
  targetingDimensionsUsed,
  totalWithTax,
} from '@quiz-points/shared';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { AdPreview } from '../../../components/ui/ad-preview.tsx';
import { CommitList } from '../../../components/ui/commit-list.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CountedTextarea } from '../../../components/ui/counted-textarea.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { withFieldProblems, withItemPaths } from '../../../components/ui/item-paths.ts';
import { LoadFailed } from '../../../components/ui/query-content.tsx';
import { QuizFields, type QuizFieldsLayout, useQuizFields } from '../../../components/ui/quiz-fields.tsx';
import { NumberField, TextField } from '../../../components/ui/text-field.tsx';
import {
  ageBandLabels,
  genderAgeParts,
  genderLabels,
  profileTargetingSummary,
  targetingParts,
} from '../../../lib/targeting-labels.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { focusFirstInvalid, useForm } from '../../../lib/use-form.ts';
import { usePricing } from '../api/get-pricing.ts';
import type { ImageStep, SendRefusal } from '../hooks/use-send-ad.ts';
import { AdImageField, type ImageChoice, useImageToShow } from './ad-image-field.tsx';
import { ProfileTargetingFields, ReachEstimate } from './profile-targeting-fields.tsx';
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
  /** The delivery window's Japan-time days; null or absent is open. */
  startDate?: string | null;
  endDate?: string | null;
  /** The most deliveries in one Japan-time day; null or absent is none. */
  dailyBudget?: number | null;
  /** The saved banner image; none on a new ad. */
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

const wholeNumber = (text: string) => (/^[0-9]+$/.test(text) ? Number(text) : Number.NaN);

/** SPEC §9: the price of one delivery and of the whole cap with tax, from the pricing in force. */
function priceOf(pricing: PricingView | undefined, targeting: Targeting, maxDeliveries: string) {
  const deliveries = Number.isNaN(wholeNumber(maxDeliveries)) ? null : wholeNumber(maxDeliveries);
  const cost = pricing ? (pricing.isAdmin ? 0 : perDeliveryCost(pricing, targeting)) : null;
  const total = cost !== null && deliveries !== null ? totalWithTax(cost, deliveries) : null;
  return { deliveries, cost, total };
}

/** The live price (SPEC §9), from the pricing in force; the admin's house ads cost 0. */
function PricePanel({ maxDeliveries, targeting }: { maxDeliveries: string; targeting: Targeting }) {
  const pricing = usePricing();
  if (pricing.isLoadingError) {
    return <LoadFailed message={messages.pricingUnavailable} onRetry={() => void pricing.refetch()} />;
  }
  const { cost, total } = priceOf(pricing.data, targeting, maxDeliveries);
  return (
    <section className="summary-block price-panel" aria-labelledby="price-title">
      <h2 id="price-title" className="summary-block__title">
        お見積もり
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        {pricing.isPending ? (
          <p>{uiText.loading}</p>
        ) : (
          <dl className="price-panel__list">
            <dt>絞り込み条件</dt>
            <dd data-testid="price-dimensions">{targetingDimensionsUsed(targeting)}項目</dd>
            <dt>1配信あたりの単価</dt>
            <dd data-testid="price-per-delivery">{cost === null ? '―' : formatYen(cost)}</dd>
            <dt>お支払い総額（税込・最大）</dt>
            <dd data-testid="price-total" className="price-panel__total">
              {total === null ? '―' : formatYen(total)}
            </dd>
          </dl>
        )}
      </div>
      {pricing.data && !pricing.data.isAdmin && (
        <details className="price-panel__rule">
          <summary>料金の計算方法</summary>
          <p className="note">
            単価 ＝ ユーザー報酬 {formatYen(pricing.data.userReward)} ＋ 基本料金{' '}
            {formatYen(pricing.data.baseFee)} ＋ 絞り込み条件1項目につき{' '}
            {formatYen(pricing.data.extraTargetingFee)}
            （性別・年代・都道府県・職業・年収・婚姻状況・子どもの有無のうち、指定した項目の数。1項目の中でいくつ選んでも1回分）。総額
            ＝ 単価 × 配信上限数 × 1.1（1円未満切り捨て）。実際のご請求は配信した件数分です。
          </p>
        </details>
      )}
      {pricing.data?.isAdmin && <p className="note">運営アカウントの広告は無料で配信されます。</p>}
    </section>
  );
}

const targetingGroups = [
  { key: 'targetGender', legend: '性別（任意）', labels: genderLabels },
  { key: 'targetAgeRange', legend: '年代（任意）', labels: ageBandLabels },
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

/** The form's sections, in their order, and the request's fields each holds. */
const sections = {
  content: ['adTitle', 'adProvider', 'adUrl'],
  quiz: ['quizQuestion', 'quizOptions', 'correctOptionIndex'],
  targeting: ['targetGender', 'targetAgeRange'],
  profile: [
    'targetPrefectures',
    'targetOccupations',
    'targetIncomes',
    'targetMaritalStatuses',
    'targetChildren',
  ],
  delivery: ['maxDeliveries', 'dailyBudget', 'startDate', 'endDate'],
} as const;
type SectionName = keyof typeof sections;
const sectionOf = (field: string) =>
  (Object.keys(sections) as SectionName[]).find((name) =>
    (sections[name] as readonly string[]).includes(field.split('.')[0]!),
  );

/**
 * One part of the form that folds away: its heading is the button (a chevron, aria-expanded), and
 * folded it says what it holds, or how many of its fields are wrong.
 */
function FormSection({
  name,
  title,
  summary,
  errors,
  open,
  onToggle,
  children,
}: {
  name: SectionName;
  title: string;
  summary: string;
  errors: number;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const bodyId = `ad-form-${name}`;
  return (
    <section
      className={errors > 0 ? 'form-section has-errors' : 'form-section'}
      aria-labelledby={`${bodyId}-title`}
    >
      <h2 className="form-section__heading">
        <button
          id={`${bodyId}-title`}
          type="button"
          className="form-section__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="form-section__chevron" aria-hidden="true" />
          <span className="form-section__title">{title}</span>
          <span className="form-section__summary">
            {errors > 0 ? `入力内容を確認してください（${errors}件）` : summary}
          </span>
        </button>
      </h2>
      {/* A folded part is not drawn at all (the profile's ~100 boxes): its values live in the form. */}
      <div id={bodyId} className="form-section__body" hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}

/** SPEC §5: the ad's rules, each field saying which of its own failed (ad-field-problems.ts). */
const adForm = withItemPaths(withFieldProblems(adInputBody, adFieldProblem));
const newAdForm = withItemPaths(withFieldProblems(newAdInputBody, adFieldProblem));
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

/**
 * The create-ad and edit-ad form (SPEC §5 Create ad), a desk tool's form: the ad in folding
 * sections on the left, and beside them, staying in view, the price, the members it reaches and the
 * ad as members will see it. It checks the shared request schema before sending: each wrong field
 * says what is wrong beside it (and its section opens), the summary once reads
 * すべての項目を正しく入力してください。, and a mark goes the moment its field is right. Sending for
 * review commits money, so it is confirmed with its price first. `onSubmit` returns an error message
 * to show, or nothing when the ad went through; `onSaveDraft`, when given, keeps it as a draft after the
 * same checks. A new ad (`newAd`) may not start in the past. Both are given what to do
 * with the banner image and report its upload's progress; a refusal of the image is shown
 * beside its field.
 */
export function AdForm({
  initial,
  submitLabel,
  confirmTitle,
  confirmLabel,
  onSubmit,
  pending,
  newAd = false,
  onSaveDraft,
  savingDraft = false,
}: {
  initial: AdFormValues;
  submitLabel: string;
  /** The confirmation's title and its button (この内容で申し込む). */
  confirmTitle: string;
  confirmLabel: string;
  onSubmit: (body: AdInputBody, image: ImageStep) => Promise<SendRefusal>;
  pending: boolean;
  newAd?: boolean;
  onSaveDraft?: (body: AdInputBody, image: ImageStep) => Promise<SendRefusal>;
  savingDraft?: boolean;
}) {
  const form = useForm(newAd ? newAdForm : adForm, { summary: messages.allFieldsRequired });
  const formElement = useRef<HTMLFormElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [schedule, setSchedule] = useState(() => scheduleValues(initial));
  const pricing = usePricing();
  const [naming, setNaming] = useState({ adTitle: initial.adTitle, adProvider: initial.adProvider });
  const [adUrl, setAdUrl] = useState(initial.adUrl);
  const quiz = useQuizFields(initial);
  const [maxDeliveries, setMaxDeliveries] = useState(String(initial.maxDeliveries));
  const [dailyBudget, setDailyBudget] = useState(initial.dailyBudget ? String(initial.dailyBudget) : '');
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
  const usesProfile = profileTargetingSummary(initial).length > 0;
  const [open, setOpen] = useState<Record<SectionName, boolean>>({
    content: true,
    quiz: true,
    targeting: true,
    profile: usesProfile,
    delivery: true,
  });
  const [confirming, setConfirming] = useState<AdInputBody | null>(null);

  const input = {
    ...naming,
    adUrl,
    ...quiz.body(),
    maxDeliveries: wholeNumber(maxDeliveries),
    dailyBudget: dailyBudget.trim() === '' ? null : wholeNumber(dailyBudget),
    ...targeting,
    ...scheduleBody(schedule),
  };
  const inputKey = JSON.stringify(input);
  const { recheck } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again when what was typed changes (its key), not on every render.
  useEffect(() => recheck(input), [inputKey]);

  const errorsIn = (name: SectionName) =>
    (sections[name] as readonly string[]).reduce(
      (count, field) =>
        count +
        (field === 'quizOptions'
          ? quiz.options.options.filter((_, index) => form.errorOf(`quizOptions.${index}`)).length +
            (form.errorOf('quizOptions') ? 1 : 0)
          : form.errorOf(field)
            ? 1
            : 0),
      0,
    );

  /** The body when the form is right; else every section with a wrong field opens, and the first takes the focus. */
  const checked = () => {
    const body = form.validate(input);
    if (body) return body;
    const result = (newAd ? newAdForm : adForm).safeParse(input);
    if (!result.success) {
      const wrong = new Set(result.error.issues.map((issue) => sectionOf(String(issue.path[0] ?? ''))));
      setOpen((current) => ({
        ...current,
        ...Object.fromEntries([...wrong].filter(Boolean).map((name) => [name, true])),
      }));
    }
    focusFirstInvalid(formElement.current);
    return undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = checked();
    if (body) setConfirming(body);
  };
  const send = async (
    handler: (body: AdInputBody, image: ImageStep) => Promise<SendRefusal>,
    body: AdInputBody,
  ) => {
    setImageError('');
    const uploading = imageChoice.kind === 'set';
    if (uploading) setUploadProgress(0);
    const refusal = await handler(body, { choice: imageChoice, onProgress: setUploadProgress }).finally(
      () => uploading && setUploadProgress(null),
    );
    setConfirming(null);
    if (typeof refusal === 'string') form.fail(refusal);
    else if (refusal) setImageError(refusal.image);
  };
  const toggle = (name: SectionName) => setOpen((current) => ({ ...current, [name]: !current[name] }));
  const price = priceOf(pricing.data, targeting, maxDeliveries);
  const sectionProps = (name: SectionName) => ({
    name,
    errors: errorsIn(name),
    open: open[name],
    onToggle: () => toggle(name),
  });

  return (
    <form ref={formElement} className="ad-form" onSubmit={submit} noValidate aria-label="広告の内容">
      <div className="ad-form__main">
        <FormSection
          {...sectionProps('content')}
          title="広告の内容"
          summary={
            naming.adTitle.trim() ? `${naming.adTitle}（${naming.adProvider || '広告主名未入力'}）` : '未入力'
          }
        >
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
        </FormSection>
        <FormSection
          {...sectionProps('quiz')}
          title="クイズ"
          summary={
            quiz.question.trim() ? `${quiz.question}（選択肢${quiz.options.options.length}個）` : '未入力'
          }
        >
          <QuizFields layout={quizLayout} quiz={quiz} errorOf={form.errorOf} />
        </FormSection>
        <FormSection
          {...sectionProps('targeting')}
          title="配信対象（性別・年代）"
          summary={genderAgeParts(targeting).join(' ／ ')}
        >
          <TargetingFields value={targeting} onChange={setTargeting} />
        </FormSection>
        <FormSection
          {...sectionProps('profile')}
          title="プロフィールで絞り込む（任意）"
          summary={profileTargetingSummary(targeting).join(' ／ ') || '指定なし'}
        >
          <ProfileTargetingFields value={targeting} onChange={setTargeting} />
        </FormSection>
        <FormSection
          {...sectionProps('delivery')}
          title="配信数と期間"
          summary={`${Number.isNaN(wholeNumber(maxDeliveries)) ? '―' : formatNumber(wholeNumber(maxDeliveries))}件・1日${dailyBudget.trim() === '' ? '上限なし' : `${dailyBudget.trim()}件まで`}・${scheduleLabel(scheduleBody(schedule)) ?? '期間指定なし'}`}
        >
          <NumberField
            id="ad-max-deliveries"
            label="配信上限数（件）"
            min={1}
            value={maxDeliveries}
            onChange={setMaxDeliveries}
            error={form.errorOf('maxDeliveries')}
          />
          <NumberField
            id="ad-daily-budget"
            label="1日の配信上限数（件・任意）"
            min={1}
            value={dailyBudget}
            onChange={setDailyBudget}
            hint="日本時間の1日（0時〜24時）に配信する件数の上限です。配信上限数以下で指定します。空欄なら1日の上限はありません。配信中も変更できます。"
            error={form.errorOf('dailyBudget')}
          />
          <ScheduleFields value={schedule} onChange={setSchedule} errorOf={form.errorOf} />
        </FormSection>
      </div>
      <aside className="ad-form__summary" aria-label="お見積もりとプレビュー">
        <PricePanel maxDeliveries={maxDeliveries} targeting={targeting} />
        <ReachEstimate targeting={targeting} />
        <AdPreview
          ad={{
            ...naming,
            adUrl,
            ...quiz.body(),
            userReward: pricing.data?.userReward ?? null,
            image: shownImage,
          }}
        />
      </aside>
      <div className="ad-form__actions">
        <FormError text={form.summary} />
        <button
          ref={submitButton}
          type="submit"
          className="button"
          disabled={pending || uploadProgress !== null}
        >
          {pending || uploadProgress !== null ? uiText.sending : submitLabel}
        </button>
        {onSaveDraft && (
          <button
            type="button"
            className="button button--secondary"
            disabled={savingDraft || pending}
            onClick={() => {
              const body = checked();
              if (body) void send(onSaveDraft, body);
            }}
          >
            {savingDraft ? uiText.sending : '下書き保存'}
          </button>
        )}
        <p className="note">送信後、1〜2営業日以内に審査結果をメールでお知らせします。</p>
      </div>
      {confirming && (
        <ConfirmDialog
          title={confirmTitle}
          lead={confirming.adTitle}
          confirmLabel={confirmLabel}
          onConfirm={() => void send(onSubmit, confirming)}
          onClose={() => setConfirming(null)}
          pending={pending}
          returnFocus={submitButton}
          testId="ad-submit-confirm"
        >
          <CommitList
            testId="ad-submit-commitment"
            rows={[
              { label: '1配信あたりの単価', value: price.cost === null ? '―' : formatYen(price.cost) },
              { label: '配信上限数', value: `${formatNumber(confirming.maxDeliveries)}件` },
              { label: '1日の配信上限数', value: dailyBudgetLabel(confirming.dailyBudget ?? null) },
              {
                label: 'お支払い総額（税込・最大）',
                value:
                  price.cost === null ? '―' : formatYen(totalWithTax(price.cost, confirming.maxDeliveries)),
                total: true,
              },
              {
                label: '配信対象',
                value: targetingParts(confirming).join(' ／ '),
              },
              { label: '配信期間', value: scheduleLabel(confirming) ?? '指定なし（承認後すぐに開始）' },
            ]}
          />
          <p className="note">
            実際のご請求は配信した件数分です。審査結果は1〜2営業日以内にメールでお知らせします。
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}
