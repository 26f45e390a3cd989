import {
  type AdBulkAction,
  type AdvertiserAd,
  type AdvertiserAdRow,
  adConsoleMessages,
  bulkDoneMessage,
  type DailyBudgetBody,
  dailyBudgetBody,
  dailyBudgetLabel,
  dailyBudgetMessages,
  dailyBudgetProblem,
  formatNumber,
  formatYen,
  limitCommitment,
  messages,
  perDeliveryCost,
  type RaiseLimitBody,
  raiseLimitBody,
  remainingCommitment,
  resumeCommitment,
  runningAdMessages,
  spentSoFar,
  totalWithTax,
} from '@quiz-points/shared';
import {
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { CommitList } from '../../../components/ui/commit-list.tsx';
import { ConfirmDialog, DialogActions } from '../../../components/ui/confirm-dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import type { FormMessageValue } from '../../../components/ui/form-message.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { type FormSchema, useForm } from '../../../lib/use-form.ts';
import { useBulkSetAdsPaused } from '../api/bulk-set-ads-paused.ts';
import { useEndAdDelivery } from '../api/end-ad-delivery.ts';
import { usePricing } from '../api/get-pricing.ts';
import { usePauseAd } from '../api/pause-ad.ts';
import { useRaiseAdLimit } from '../api/raise-ad-limit.ts';
import { useResumeAd } from '../api/resume-ad.ts';
import { useSetAdDailyBudget } from '../api/set-ad-daily-budget.ts';
import { useSubmitDraft } from '../api/submit-draft.ts';
import { cardRequiredState } from './navigation-state.ts';
import { isCardRequired, refusalOr } from './submit-failure.ts';

/** What an action's dialog is given: its ad, where to say how it went, and how it closes. */
export interface ActionDialogProps {
  ad: AdvertiserAdRow;
  onDone: (outcome: FormMessageValue) => void;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}

const deliveries = (count: number) => `${formatNumber(count)}件`;
const wholeNumber = (text: string) => (/^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** What a number-changing dialog needs to know beyond its ad (the cap's and the daily budget's). */
interface NumberChange<Body> {
  /** The request's one field, and the request built from what was typed. */
  field: keyof Body & string;
  /** The request's rule against the ad's cap; a module-level function, so it is built again only when the cap changes. */
  schemaFor: (maxDeliveries: number) => FormSchema<Body>;
  bodyOf: (text: string) => Record<string, unknown>;
  /** What the box holds when the dialog opens. */
  initialText: string;
  input: { id: string; label: string; min: number; max?: number };
  done: string;
  failed: string;
  titles: { edit: string; confirm: string };
  testId: string;
  /** Where the number stands now, above the box. */
  current: ReactNode;
  /** Said under the box once what was typed is right (the new most it may bill). */
  preview?: (body: Body) => ReactNode;
  confirmLabel: (body: Body) => string;
  commitment: (body: Body) => readonly { label: string; value: ReactNode; total?: boolean }[];
  confirmNote: ReactNode;
}

/**
 * Changing one of an ad's numbers as two steps in one dialog: the number, checked as it
 * is typed (its message beside the box, gone the moment it is right), then what it commits, confirmed
 * by a second click. A refusal of the number brings the first step back with the server's message.
 */
function NumberChangeDialog<Body>({
  ad,
  onDone,
  onClose,
  returnFocus,
  change,
  mutation,
}: ActionDialogProps & {
  change: NumberChange<Body>;
  mutation: { mutateAsync: (request: { adId: string; body: Body }) => Promise<unknown>; isPending: boolean };
}) {
  const schema = useMemo(() => change.schemaFor(ad.maxDeliveries), [change.schemaFor, ad.maxDeliveries]);
  const form = useForm(schema);
  const [value, setValue] = useState(change.initialText);
  const [confirming, setConfirming] = useState<Body | null>(null);
  const [failure, setFailure] = useState('');
  const typed = change.bodyOf(value);
  const typedKey = JSON.stringify(typed);
  const valid = schema.safeParse(typed);
  const { recheck } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again as the number is typed, not as the form re-renders.
  useEffect(() => recheck(typed), [typedKey]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(typed);
    if (body) setConfirming(body);
  };
  const commit = async (body: Body) => {
    setFailure('');
    try {
      await mutation.mutateAsync({ adId: ad.id, body });
      onDone({ kind: 'ok', text: change.done });
      onClose();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.status === 400) {
        setConfirming(null);
        form.fail(refusal.message, change.field);
      } else setFailure(change.failed);
    }
  };

  if (confirming !== null) {
    return (
      <ConfirmDialog
        title={change.titles.confirm}
        confirmLabel={change.confirmLabel(confirming)}
        onConfirm={() => void commit(confirming)}
        onClose={onClose}
        pending={mutation.isPending}
        error={failure}
        returnFocus={returnFocus}
        step="confirm"
        onBack={() => setConfirming(null)}
        testId={`${change.testId}-confirm`}
        lead={ad.adTitle}
      >
        <CommitList testId={`${change.testId}-commitment`} rows={change.commitment(confirming)} />
        <p className="note">{change.confirmNote}</p>
      </ConfirmDialog>
    );
  }
  const { id, label, min, max } = change.input;
  return (
    <ConfirmDialog
      title={change.titles.edit}
      onClose={onClose}
      returnFocus={returnFocus}
      step="edit"
      testId={change.testId}
      lead={ad.adTitle}
    >
      <form onSubmit={review} noValidate>
        <p className="note">{change.current}</p>
        <div className="field">
          <label htmlFor={id} className="field__label">
            {label}
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            className="input input--short"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            data-autofocus
            {...form.invalid(change.field, { messageOf: id })}
          />
          <FieldError field={id} text={form.errorOf(change.field)} />
        </div>
        {valid.success && change.preview && (
          <p className="note" data-testid={`${change.testId}-preview`}>
            {change.preview(valid.data)}
          </p>
        )}
        <DialogActions>
          <button type="button" className="button button--secondary" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="button">
            内容を確認する
          </button>
        </DialogActions>
      </form>
    </ConfirmDialog>
  );
}

const raiseLimitSchema = (maxDeliveries: number) =>
  raiseLimitBody.refine((body) => body.maxDeliveries > maxDeliveries, {
    error: messages.limitMustIncrease,
    path: ['maxDeliveries'],
  });

/**
 * SPEC §4/§5 Raise limit: a whole number above the current cap (else
 * 現在の上限より大きい数値を入力してください。), then the price per delivery and the new maximum
 * total with tax, confirmed.
 */
function raiseLimit(ad: AdvertiserAdRow): NumberChange<RaiseLimitBody> {
  return {
    field: 'maxDeliveries',
    schemaFor: raiseLimitSchema,
    bodyOf: (text) => ({ maxDeliveries: wholeNumber(text) }),
    initialText: '',
    input: { id: `limit-${ad.id}`, label: '新しい配信上限数（件）', min: ad.maxDeliveries + 1 },
    done: messages.adLimitRaised,
    failed: messages.updateFailed,
    titles: { edit: '配信上限の変更', confirm: '配信上限の変更内容の確認' },
    testId: 'raise-limit',
    current: `現在の上限 ${deliveries(ad.maxDeliveries)}（配信済み ${deliveries(ad.deliveryCount)}）・最大ご請求額（税込）${formatYen(totalWithTax(ad.unitPrice, ad.maxDeliveries))}`,
    preview: (body) => (
      <>
        新しい最大ご請求額（税込）{' '}
        <strong>{formatYen(limitCommitment(ad, body.maxDeliveries).newMaxTotal)}</strong>
      </>
    ),
    confirmLabel: (body) => `上限を${deliveries(body.maxDeliveries)}に変更する`,
    commitment: (body) => {
      const commitment = limitCommitment(ad, body.maxDeliveries);
      return [
        { label: '1配信あたりの単価', value: formatYen(commitment.perDelivery) },
        {
          label: '配信上限数',
          value: `${deliveries(ad.maxDeliveries)} → ${deliveries(body.maxDeliveries)}（+${formatNumber(commitment.addedDeliveries)}件）`,
        },
        {
          label: '新しい最大ご請求額（税込）',
          value: `${formatYen(commitment.newMaxTotal)}（+${formatYen(commitment.addedTotal)}）`,
          total: true,
        },
      ];
    },
    confirmNote: `実際のご請求は配信した件数分です（これまでのご利用 ${formatYen(ad.spend)}・税抜）。${
      ad.status === 'approved' && !ad.isActive ? '停止中の広告は、変更すると配信を再開します。' : ''
    }`,
  };
}

export function RaiseLimitDialog(props: ActionDialogProps) {
  const raise = useRaiseAdLimit();
  return <NumberChangeDialog {...props} change={raiseLimit(props.ad)} mutation={raise} />;
}

const dailyBudgetSchema = (maxDeliveries: number) =>
  dailyBudgetBody.superRefine((body, context) => {
    const problem = dailyBudgetProblem({ ...body, maxDeliveries });
    if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });

/**
 * Set, change or remove (left empty) an ad's daily budget, running or not: a whole number up
 * to the cap, then what a day may cost at most, confirmed. Today's deliveries count against it at once.
 */
function dailyBudget(ad: AdvertiserAdRow): NumberChange<DailyBudgetBody> {
  return {
    field: 'dailyBudget',
    schemaFor: dailyBudgetSchema,
    bodyOf: (text) => ({ dailyBudget: text.trim() === '' ? null : wholeNumber(text) }),
    initialText: ad.dailyBudget === null ? '' : String(ad.dailyBudget),
    input: {
      id: `daily-budget-${ad.id}`,
      label: '1日の配信上限数（件・空欄で上限なし）',
      min: 1,
      max: ad.maxDeliveries,
    },
    done: dailyBudgetMessages.changed,
    failed: dailyBudgetMessages.changeFailed,
    titles: { edit: '1日の配信上限の変更', confirm: '1日の配信上限の変更内容の確認' },
    testId: 'daily-budget',
    current: `現在の1日の上限 ${dailyBudgetLabel(ad.dailyBudget)}・配信上限数 ${deliveries(ad.maxDeliveries)}`,
    confirmLabel: ({ dailyBudget }) =>
      dailyBudget === null ? '1日の上限をなくす' : `1日の上限を${deliveries(dailyBudget)}に変更する`,
    commitment: ({ dailyBudget }) => [
      { label: '1配信あたりの単価', value: formatYen(ad.unitPrice) },
      {
        label: '1日の配信上限数',
        value: `${dailyBudgetLabel(ad.dailyBudget)} → ${dailyBudgetLabel(dailyBudget)}`,
      },
      {
        label: '1日あたりの最大ご請求額（税込）',
        value: dailyBudget === null ? '上限なし' : formatYen(totalWithTax(ad.unitPrice, dailyBudget)),
        total: true,
      },
    ],
    confirmNote: `配信上限数（${deliveries(ad.maxDeliveries)}）と最大ご請求額は変わりません。今日すでに配信した件数も新しい上限に数えます。`,
  };
}

export function DailyBudgetDialog(props: ActionDialogProps) {
  const change = useSetAdDailyBudget();
  return <NumberChangeDialog {...props} change={dailyBudget(props.ad)} mutation={change} />;
}

/** What a one-click action on an ad says: in its dialog, and above the table once it is done. */
type OneClickAction = Pick<
  ComponentProps<typeof ConfirmDialog>,
  'title' | 'confirmLabel' | 'tone' | 'testId'
> & {
  done: string;
  /** Why it was refused, in words. */
  failure: (refusal: unknown) => string;
};

/**
 * A one-click action on an ad, confirmed in the page: the ad's title, what the action commits
 * (`children`), and the button that sends it. Done, its words are said above the table and the
 * dialog closes; refused, the dialog stays open saying why. `refused` may take a refusal over
 * (returning true), as a draft without a card goes to the card's page.
 */
function OneClickDialog({
  ad,
  onDone,
  onClose,
  returnFocus,
  action,
  mutation,
  refused = () => false,
  confirmDisabled,
  error,
  children,
}: ActionDialogProps & {
  action: OneClickAction;
  mutation: { mutateAsync: (adId: string) => Promise<unknown>; isPending: boolean };
  refused?: (refusal: unknown) => boolean;
  confirmDisabled?: boolean;
  /** A problem known before sending (the pricing could not be read), said instead of a refusal. */
  error?: string;
  children: ReactNode;
}) {
  const { done, failure: failureOf, ...words } = action;
  const [failure, setFailure] = useState('');
  const confirm = async () => {
    try {
      await mutation.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: done });
      onClose();
    } catch (refusal) {
      if (!refused(refusal)) setFailure(failureOf(refusal));
    }
  };
  return (
    <ConfirmDialog
      {...words}
      lead={ad.adTitle}
      onConfirm={() => void confirm()}
      confirmDisabled={confirmDisabled}
      pending={mutation.isPending}
      error={error || failure}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {children}
    </ConfirmDialog>
  );
}

/** The words of each one-click action on an ad. */
const oneClickActions = {
  endDelivery: {
    title: messages.endDeliveryConfirm,
    confirmLabel: '配信を終了する',
    tone: 'danger',
    testId: 'end-delivery',
    done: messages.adDeliveryEnded,
    failure: (refusal) =>
      refusal instanceof ApiError && refusal.message === messages.adAlreadyEnded
        ? messages.adAlreadyEnded
        : messages.adStopFailed,
  },
  pause: {
    title: '配信の一時停止',
    confirmLabel: '一時停止する',
    testId: 'pause',
    done: runningAdMessages.paused,
    failure: (refusal) => refusalOr(refusal, runningAdMessages.pauseFailed),
  },
  resume: {
    title: '配信の再開',
    confirmLabel: '配信を再開する',
    testId: 'resume',
    done: runningAdMessages.resumed,
    failure: (refusal) => refusalOr(refusal, runningAdMessages.resumeFailed),
  },
  submitDraft: {
    title: '審査への提出内容の確認',
    confirmLabel: '審査に提出する',
    testId: 'submit-draft',
    done: messages.adSubmitted,
    failure: (refusal) => refusalOr(refusal, runningAdMessages.submitFailed),
  },
} satisfies Record<string, OneClickAction>;

/** SPEC §4: ending delivery is confirmed in the page, showing what the ad has delivered and cost. */
export function EndDeliveryDialog(props: ActionDialogProps) {
  const { ad } = props;
  const end = useEndAdDelivery();
  const spent = spentSoFar(ad.spend);
  return (
    <OneClickDialog {...props} action={oneClickActions.endDelivery} mutation={end}>
      <CommitList
        testId="end-delivery-spent"
        rows={[
          { label: '配信数', value: `${deliveries(ad.deliveryCount)} / ${deliveries(ad.maxDeliveries)}` },
          { label: 'これまでのご利用金額（税抜）', value: formatYen(spent.amount), total: true },
          { label: '税込（目安）', value: formatYen(spent.total) },
        ]}
      />
      <p className="note">
        終了すると、ユーザーの広告一覧に表示されなくなります。まだ配信していない
        {deliveries(Math.max(0, ad.maxDeliveries - ad.deliveryCount))}分は請求されません。
      </p>
    </OneClickDialog>
  );
}

/** Pausing keeps the cap and everything delivered; confirmed in the page. */
export function PauseDialog(props: ActionDialogProps) {
  const pause = usePauseAd();
  return (
    <OneClickDialog {...props} action={oneClickActions.pause} mutation={pause}>
      <p>{runningAdMessages.pauseConfirm}</p>
    </OneClickDialog>
  );
}

/** What resuming commits: the deliveries left under the cap at the ad's price, with tax at most. */
function remainingRows(ad: AdvertiserAd) {
  const left = remainingCommitment(ad);
  return [
    { label: '1配信あたりの単価', value: formatYen(left.perDelivery) },
    { label: '上限までの残り配信数', value: deliveries(left.remaining) },
    { label: '再開後の最大ご請求額（税込）', value: formatYen(left.maxTotal), total: true },
  ];
}

/** Resuming spends again: what it may cost at most is shown, and a second click resumes. */
export function ResumeDialog(props: ActionDialogProps) {
  const resume = useResumeAd();
  return (
    <OneClickDialog {...props} action={oneClickActions.resume} mutation={resume}>
      <CommitList testId="resume-commitment" rows={remainingRows(props.ad)} />
      <p className="note">実際のご請求は配信した件数分です。</p>
    </OneClickDialog>
  );
}

/**
 * A draft sent for review is priced then, at the pricing in force: what one delivery and the whole
 * cap will cost (SPEC §9) are shown, and a second click submits.
 */
export function SubmitDraftDialog(props: ActionDialogProps) {
  const { ad } = props;
  const submit = useSubmitDraft();
  const pricing = usePricing();
  const navigate = useNavigate();
  const cost = pricing.data ? (pricing.data.isAdmin ? 0 : perDeliveryCost(pricing.data, ad)) : null;
  const cardRequired = (refusal: unknown) => {
    if (!isCardRequired(refusal)) return false;
    navigate('/advertiser/card-setup', { state: cardRequiredState });
    return true;
  };
  return (
    <OneClickDialog
      {...props}
      action={oneClickActions.submitDraft}
      mutation={submit}
      refused={cardRequired}
      confirmDisabled={cost === null}
      error={pricing.isError ? messages.pricingUnavailable : undefined}
    >
      <CommitList
        testId="submit-commitment"
        rows={[
          { label: '1配信あたりの単価', value: cost === null ? uiText.loading : formatYen(cost) },
          { label: '配信上限数', value: deliveries(ad.maxDeliveries) },
          {
            label: '最大お支払い総額（税込）',
            value: cost === null ? uiText.loading : formatYen(totalWithTax(cost, ad.maxDeliveries)),
            total: true,
          },
        ]}
      />
      <p className="note">
        単価は提出時の料金で決まります。実際のご請求は配信した件数分です。審査結果は1〜2営業日以内にメールでお知らせします。
      </p>
    </OneClickDialog>
  );
}

/** The most titles a bulk confirmation lists before it says how many more. */
const LISTED = 8;

/**
 * The table's bulk pause or resume, all or none: the ads it applies to (those that can be paused or
 * resumed; the others chosen are left out and said so), and for a resume what they may cost at most
 * again, each and in all, before the second click.
 */
export function BulkDialog({
  action,
  ads,
  skipped,
  onDone,
  onClose,
  returnFocus,
}: {
  action: AdBulkAction;
  ads: readonly AdvertiserAdRow[];
  skipped: number;
  onDone: (outcome: FormMessageValue, succeeded: boolean) => void;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const bulk = useBulkSetAdsPaused();
  const [failure, setFailure] = useState('');
  const pausing = action === 'pause';
  const confirm = async () => {
    try {
      const result = await bulk.mutateAsync({ action, adIds: ads.map((ad) => ad.id) });
      onDone(
        { kind: 'ok', text: bulkDoneMessage(action, result.changed.length, result.unchanged.length) },
        true,
      );
      onClose();
    } catch (refusal) {
      setFailure(refusalOr(refusal, adConsoleMessages.bulkFailed));
    }
  };
  const all = resumeCommitment(ads);
  return (
    <ConfirmDialog
      title={pausing ? `${ads.length}件の広告を一時停止` : `${ads.length}件の広告の配信を再開`}
      confirmLabel={pausing ? `${ads.length}件を一時停止する` : `${ads.length}件の配信を再開する`}
      onConfirm={() => void confirm()}
      onClose={onClose}
      pending={bulk.isPending}
      error={failure}
      returnFocus={returnFocus}
      testId="bulk-confirm"
    >
      {pausing ? (
        <p>{runningAdMessages.pauseConfirm}</p>
      ) : (
        <CommitList
          testId="bulk-resume-commitment"
          rows={[
            { label: '上限までの残り配信数（合計）', value: deliveries(all.remaining) },
            { label: '再開後の最大ご請求額（税込・合計）', value: formatYen(all.maxTotal), total: true },
          ]}
        />
      )}
      <ul className="dialog__list">
        {ads.slice(0, LISTED).map((ad) => (
          <li key={ad.id}>
            <span className="dialog__list-title">{ad.adTitle}</span>
            {!pausing && (
              <span className="note">
                単価 {formatYen(ad.unitPrice)}・最大 {formatYen(remainingCommitment(ad).maxTotal)}
              </span>
            )}
          </li>
        ))}
        {ads.length > LISTED && <li className="note">ほか {ads.length - LISTED}件</li>}
      </ul>
      {skipped > 0 && (
        <p className="note">
          選んだうち{skipped}件は{pausing ? '一時停止' : '再開'}できない状態のため、対象外です。
        </p>
      )}
      {!pausing && <p className="note">実際のご請求は配信した件数分です。</p>}
    </ConfirmDialog>
  );
}
