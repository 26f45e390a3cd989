import {
  type AdBulkAction,
  type AdvertiserAd,
  type AdvertiserAdRow,
  adConsoleMessages,
  bulkDoneMessage,
  dailyBudgetBody,
  dailyBudgetLabel,
  dailyBudgetMessages,
  dailyBudgetProblem,
  formatNumber,
  formatYen,
  limitCommitment,
  messages,
  perDeliveryCost,
  raiseLimitBody,
  remainingCommitment,
  resumeCommitment,
  runningAdMessages,
  spentSoFar,
  totalWithTax,
} from '@quiz-points/shared';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog, DialogActions } from '../../../components/ui/confirm-dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import type { FormMessageValue } from '../../../components/ui/form-message.tsx';
import { ApiError } from '../../../lib/api.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useForm } from '../../../lib/use-form.ts';
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

/** What a confirmation commits, one figure a line; the line that matters most stands out. */
export function CommitList({
  rows,
  testId,
}: {
  rows: readonly { label: string; value: ReactNode; total?: boolean }[];
  testId?: string;
}) {
  return (
    <dl className="commit-list" data-testid={testId}>
      {rows.map(({ label, value, total }) => (
        <div key={label} className={total ? 'commit-list__row commit-list__row--total' : 'commit-list__row'}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const deliveries = (count: number) => `${formatNumber(count)}件`;
const wholeNumber = (text: string) => (/^[0-9]+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * SPEC §4/§5 Raise limit, as two steps: the new cap (a whole number above the current one, else
 * 現在の上限より大きい数値を入力してください。, gone the moment the number is right), then what it
 * commits — the price per delivery and the new maximum total with tax — confirmed by a second click.
 */
export function RaiseLimitDialog({ ad, onDone, onClose, returnFocus }: ActionDialogProps) {
  const raise = useRaiseAdLimit();
  const schema = useMemo(
    () =>
      raiseLimitBody.refine((body) => body.maxDeliveries > ad.maxDeliveries, {
        error: messages.limitMustIncrease,
        path: ['maxDeliveries'],
      }),
    [ad.maxDeliveries],
  );
  const form = useForm(schema);
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const inputId = `limit-${ad.id}`;
  const typed = wholeNumber(value);
  const valid = schema.safeParse({ maxDeliveries: typed }).success;
  const { recheck } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again as the number is typed, not as the form re-renders.
  useEffect(() => recheck({ maxDeliveries: typed }), [typed]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate({ maxDeliveries: typed });
    if (body) setConfirming(body.maxDeliveries);
  };
  const commit = async (maxDeliveries: number) => {
    setFailure('');
    try {
      await raise.mutateAsync({ adId: ad.id, body: { maxDeliveries } });
      onDone({ kind: 'ok', text: messages.adLimitRaised });
      onClose();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.status === 400) {
        setConfirming(null);
        form.fail(refusal.message, 'maxDeliveries');
      } else setFailure(messages.updateFailed);
    }
  };

  const current = totalWithTax(ad.unitPrice, ad.maxDeliveries);
  if (confirming !== null) {
    const commitment = limitCommitment(ad, confirming);
    return (
      <ConfirmDialog
        title="配信上限の変更内容の確認"
        confirmLabel={`上限を${deliveries(confirming)}に変更する`}
        onConfirm={() => void commit(confirming)}
        onClose={onClose}
        pending={raise.isPending}
        error={failure}
        returnFocus={returnFocus}
        step="confirm"
        onBack={() => setConfirming(null)}
        testId="raise-limit-confirm"
      >
        <p className="dialog__lead">「{ad.adTitle}」</p>
        <CommitList
          testId="raise-limit-commitment"
          rows={[
            { label: '1配信あたりの単価', value: formatYen(commitment.perDelivery) },
            {
              label: '配信上限数',
              value: `${deliveries(ad.maxDeliveries)} → ${deliveries(confirming)}（+${formatNumber(commitment.addedDeliveries)}件）`,
            },
            {
              label: '新しい最大ご請求額（税込）',
              value: `${formatYen(commitment.newMaxTotal)}（+${formatYen(commitment.addedTotal)}）`,
              total: true,
            },
          ]}
        />
        <p className="note">
          実際のご請求は配信した件数分です（これまでのご利用 {formatYen(ad.spend)}・税抜）。
          {ad.status === 'approved' && !ad.isActive && '停止中の広告は、変更すると配信を再開します。'}
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title="配信上限の変更"
      onClose={onClose}
      returnFocus={returnFocus}
      step="edit"
      testId="raise-limit"
    >
      <form onSubmit={review} noValidate>
        <p className="dialog__lead">「{ad.adTitle}」</p>
        <p className="note">
          現在の上限 {deliveries(ad.maxDeliveries)}（配信済み {deliveries(ad.deliveryCount)}
          ）・最大ご請求額（税込）
          {formatYen(current)}
        </p>
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            新しい配信上限数（件）
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={ad.maxDeliveries + 1}
            step={1}
            className="input input--short"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            data-autofocus
            {...form.invalid('maxDeliveries', { messageOf: inputId })}
          />
          <FieldError field={inputId} text={form.errorOf('maxDeliveries')} />
        </div>
        {valid && (
          <p className="note" data-testid="raise-limit-preview">
            新しい最大ご請求額（税込） <strong>{formatYen(limitCommitment(ad, typed).newMaxTotal)}</strong>
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

/**
 * Issue 28: set, change or remove (left empty) an ad's daily budget, running or not, as two steps
 * like the cap's: a whole number up to the cap (its message beside the field, gone once right), then
 * what a day may cost at most, confirmed by a second click. Today's deliveries count against it at once.
 */
export function DailyBudgetDialog({ ad, onDone, onClose, returnFocus }: ActionDialogProps) {
  const change = useSetAdDailyBudget();
  const schema = useMemo(
    () =>
      dailyBudgetBody.superRefine((body, context) => {
        const problem = dailyBudgetProblem({ ...body, maxDeliveries: ad.maxDeliveries });
        if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
      }),
    [ad.maxDeliveries],
  );
  const form = useForm(schema);
  const [value, setValue] = useState(ad.dailyBudget === null ? '' : String(ad.dailyBudget));
  const [confirming, setConfirming] = useState<{ dailyBudget: number | null } | null>(null);
  const [failure, setFailure] = useState('');
  const inputId = `daily-budget-${ad.id}`;
  const typed = value.trim() === '' ? null : wholeNumber(value);
  const { recheck } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again as the number is typed, not as the form re-renders.
  useEffect(() => recheck({ dailyBudget: typed }), [typed]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate({ dailyBudget: typed });
    if (body) setConfirming(body);
  };
  const commit = async (body: { dailyBudget: number | null }) => {
    setFailure('');
    try {
      await change.mutateAsync({ adId: ad.id, body });
      onDone({ kind: 'ok', text: dailyBudgetMessages.changed });
      onClose();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.status === 400) {
        setConfirming(null);
        form.fail(refusal.message, 'dailyBudget');
      } else setFailure(dailyBudgetMessages.changeFailed);
    }
  };

  if (confirming !== null) {
    const budget = confirming.dailyBudget;
    return (
      <ConfirmDialog
        title="1日の配信上限の変更内容の確認"
        confirmLabel={budget === null ? '1日の上限をなくす' : `1日の上限を${deliveries(budget)}に変更する`}
        onConfirm={() => void commit(confirming)}
        onClose={onClose}
        pending={change.isPending}
        error={failure}
        returnFocus={returnFocus}
        step="confirm"
        onBack={() => setConfirming(null)}
        testId="daily-budget-confirm"
      >
        <p className="dialog__lead">「{ad.adTitle}」</p>
        <CommitList
          testId="daily-budget-commitment"
          rows={[
            { label: '1配信あたりの単価', value: formatYen(ad.unitPrice) },
            {
              label: '1日の配信上限数',
              value: `${dailyBudgetLabel(ad.dailyBudget)} → ${dailyBudgetLabel(budget)}`,
            },
            {
              label: '1日あたりの最大ご請求額（税込）',
              value: budget === null ? '上限なし' : formatYen(totalWithTax(ad.unitPrice, budget)),
              total: true,
            },
          ]}
        />
        <p className="note">
          配信上限数（{deliveries(ad.maxDeliveries)}
          ）と最大ご請求額は変わりません。今日すでに配信した件数も新しい上限に数えます。
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title="1日の配信上限の変更"
      onClose={onClose}
      returnFocus={returnFocus}
      step="edit"
      testId="daily-budget"
    >
      <form onSubmit={review} noValidate>
        <p className="dialog__lead">「{ad.adTitle}」</p>
        <p className="note">
          現在の1日の上限 {dailyBudgetLabel(ad.dailyBudget)}・配信上限数 {deliveries(ad.maxDeliveries)}
        </p>
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            1日の配信上限数（件・空欄で上限なし）
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={ad.maxDeliveries}
            step={1}
            className="input input--short"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            data-autofocus
            {...form.invalid('dailyBudget', { messageOf: inputId })}
          />
          <FieldError field={inputId} text={form.errorOf('dailyBudget')} />
        </div>
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

/** SPEC §4: ending delivery is confirmed in the page, showing what the ad has delivered and cost. */
export function EndDeliveryDialog({ ad, onDone, onClose, returnFocus }: ActionDialogProps) {
  const end = useEndAdDelivery();
  const [failure, setFailure] = useState('');
  const spent = spentSoFar(ad.spend);
  const confirm = async () => {
    try {
      await end.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: messages.adDeliveryEnded });
      onClose();
    } catch (refusal) {
      const alreadyEnded = refusal instanceof ApiError && refusal.message === messages.adAlreadyEnded;
      setFailure(alreadyEnded ? messages.adAlreadyEnded : messages.adStopFailed);
    }
  };
  return (
    <ConfirmDialog
      title={messages.endDeliveryConfirm}
      confirmLabel="配信を終了する"
      tone="danger"
      onConfirm={() => void confirm()}
      onClose={onClose}
      pending={end.isPending}
      error={failure}
      returnFocus={returnFocus}
      testId="end-delivery"
    >
      <p className="dialog__lead">「{ad.adTitle}」</p>
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
    </ConfirmDialog>
  );
}

/** Issue 17: pausing keeps the cap and everything delivered; confirmed in the page. */
export function PauseDialog({ ad, onDone, onClose, returnFocus }: ActionDialogProps) {
  const pause = usePauseAd();
  const [failure, setFailure] = useState('');
  const confirm = async () => {
    try {
      await pause.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: runningAdMessages.paused });
      onClose();
    } catch (refusal) {
      setFailure(refusalOr(refusal, runningAdMessages.pauseFailed));
    }
  };
  return (
    <ConfirmDialog
      title="配信の一時停止"
      confirmLabel="一時停止する"
      onConfirm={() => void confirm()}
      onClose={onClose}
      pending={pause.isPending}
      error={failure}
      returnFocus={returnFocus}
      testId="pause"
    >
      <p className="dialog__lead">「{ad.adTitle}」</p>
      <p>{runningAdMessages.pauseConfirm}</p>
    </ConfirmDialog>
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
export function ResumeDialog({ ad, onDone, onClose, returnFocus }: ActionDialogProps) {
  const resume = useResumeAd();
  const [failure, setFailure] = useState('');
  const confirm = async () => {
    try {
      await resume.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: runningAdMessages.resumed });
      onClose();
    } catch (refusal) {
      setFailure(refusalOr(refusal, runningAdMessages.resumeFailed));
    }
  };
  return (
    <ConfirmDialog
      title="配信の再開"
      confirmLabel="配信を再開する"
      onConfirm={() => void confirm()}
      onClose={onClose}
      pending={resume.isPending}
      error={failure}
      returnFocus={returnFocus}
      testId="resume"
    >
      <p className="dialog__lead">「{ad.adTitle}」</p>
      <CommitList testId="resume-commitment" rows={remainingRows(ad)} />
      <p className="note">実際のご請求は配信した件数分です。</p>
    </ConfirmDialog>
  );
}

/**
 * A draft sent for review is priced then, at the pricing in force: what one delivery and the whole
 * cap will cost (SPEC §9) are shown, and a second click submits.
 */
export function SubmitDraftDialog({ ad, onDone, onClose, returnFocus }: ActionDialogProps) {
  const submit = useSubmitDraft();
  const pricing = usePricing();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  const cost = pricing.data ? (pricing.data.isAdmin ? 0 : perDeliveryCost(pricing.data, ad)) : null;
  const confirm = async () => {
    try {
      await submit.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: messages.adSubmitted });
      onClose();
    } catch (refusal) {
      if (isCardRequired(refusal)) {
        navigate('/advertiser/card-setup', { state: cardRequiredState });
        return;
      }
      setFailure(refusalOr(refusal, runningAdMessages.submitFailed));
    }
  };
  return (
    <ConfirmDialog
      title="審査への提出内容の確認"
      confirmLabel="審査に提出する"
      onConfirm={() => void confirm()}
      onClose={onClose}
      pending={submit.isPending}
      confirmDisabled={cost === null}
      error={pricing.isError ? messages.pricingUnavailable : failure}
      returnFocus={returnFocus}
      testId="submit-draft"
    >
      <p className="dialog__lead">「{ad.adTitle}」</p>
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
    </ConfirmDialog>
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
