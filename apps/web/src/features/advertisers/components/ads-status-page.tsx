import { type AdvertiserAd, formatNumber, formatYen, messages, raiseLimitBody } from '@quiz-points/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ConfirmStep } from '../../../components/ui/confirm-step.tsx';
import { FormMessage, type FormMessageValue } from '../../../components/ui/form-message.tsx';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatExchangeTime } from '../../../lib/format.ts';
import {
  ageBandLabels,
  genderLabels,
  profileTargetingSummary,
  tickedLabels,
} from '../../../lib/targeting-labels.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fieldErrorId, useForm } from '../../../lib/use-form.ts';
import { useRedirectNotice } from '../../../lib/use-redirect-notice.ts';
import { useEndAdDelivery } from '../api/end-ad-delivery.ts';
import { useAdvertiserAds } from '../api/list-advertiser-ads.ts';
import { useRaiseAdLimit } from '../api/raise-ad-limit.ts';
import { useSignedInAdvertiser } from '../hooks/use-signed-in-advertiser.ts';
import { statusBadges } from './ad-status-badge.tsx';
import { DailyBudgetChange, DailyBudgetNote } from './daily-budget.tsx';
import { PaymentFailedBanner } from './payment-failed-banner.tsx';
import {
  DraftActions,
  DuplicateAd,
  deliveryBadge,
  PauseResume,
  ScheduleNote,
} from './running-ad-actions.tsx';

/** SPEC §4: end delivery only after an in-page confirmation (never window.confirm). */
function EndDelivery({ ad, onDone }: { ad: AdvertiserAd; onDone: (outcome: FormMessageValue) => void }) {
  const end = useEndAdDelivery();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await end.mutateAsync(ad.id);
      onDone({ kind: 'ok', text: messages.adDeliveryEnded });
    } catch (failure) {
      const alreadyEnded = failure instanceof ApiError && failure.message === messages.adAlreadyEnded;
      onDone({ kind: 'error', text: alreadyEnded ? failure.message : messages.adStopFailed });
    }
    setConfirming(false);
  };

  if (!confirming) {
    return (
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        配信を終了する
      </button>
    );
  }
  return (
    <ConfirmStep
      question={messages.endDeliveryConfirm}
      confirmLabel="終了する"
      tone="danger"
      cancelLabel="キャンセル"
      cancelWhilePending
      pending={end.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => setConfirming(false)}
    />
  );
}

/** SPEC §5 Raise limit: a whole number above the current cap, else 現在の上限より大きい数値を入力してください。 */
function RaiseLimit({ ad, onDone }: { ad: AdvertiserAd; onDone: (outcome: FormMessageValue) => void }) {
  const raise = useRaiseAdLimit();
  const form = useForm(raiseLimitBody);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const inputId = `limit-${ad.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate({ maxDeliveries: /^[0-9]+$/.test(value) ? Number(value) : Number.NaN });
    if (!body) return;
    if (body.maxDeliveries <= ad.maxDeliveries) return form.fail(messages.limitMustIncrease, 'maxDeliveries');
    try {
      await raise.mutateAsync({ adId: ad.id, body });
      setOpen(false);
      setValue('');
      onDone({ kind: 'ok', text: messages.adLimitRaised });
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status === 400;
      if (refused) form.fail(failure.message, 'maxDeliveries');
      else form.fail(messages.updateFailed);
    }
  };

  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        上限を変更
      </button>
    );
  }
  return (
    <form className="card limit-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="field__label">
        新しい配信上限数（現在 {formatNumber(ad.maxDeliveries)}件）
      </label>
      <div className="ad-card__actions">
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={ad.maxDeliveries + 1}
          step={1}
          className="input input--short"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          {...form.invalid('maxDeliveries', { messageOf: inputId })}
        />
        <button type="submit" className="button" disabled={raise.isPending}>
          {raise.isPending ? uiText.sending : '変更する'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          キャンセル
        </button>
      </div>
      {form.summary && (
        <p id={fieldErrorId(inputId)} role="alert" className="form-error">
          {form.summary}
        </p>
      )}
    </form>
  );
}

function AdStatusCard({ ad }: { ad: AdvertiserAd }) {
  const [outcome, setOutcome] = useState<FormMessageValue>(null);
  const badge = statusBadges[ad.status];
  const progress =
    ad.maxDeliveries === 0 ? 0 : Math.min(100, Math.round((ad.deliveryCount / ad.maxDeliveries) * 100));
  const titleId = `ad-title-${ad.id}`;
  return (
    <li id={`ad-${ad.id}`} className="card console-anchor" data-testid="advertiser-ad">
      <p className="ad-status__badges">
        <span className={badge.className}>{badge.label}</span>
        {ad.status === 'approved' && (
          <span className={deliveryBadge(ad).className}>{deliveryBadge(ad).label}</span>
        )}
      </p>
      <h2 id={titleId} className="ad-card__title">
        {ad.adTitle}
      </h2>
      <p className="note">
        {ad.adProvider} ／ {ad.status === 'draft' ? '作成日' : '申込日'} {formatExchangeTime(ad.createdAt)}
      </p>
      <ScheduleNote ad={ad} />
      {ad.status === 'rejected' && ad.rejectionReason && (
        <p className="ad-status__reason">
          <strong>却下理由：</strong>
          {ad.rejectionReason}
        </p>
      )}
      <p className="ad-status__deliveries">
        配信数 <strong>{formatNumber(ad.deliveryCount)}</strong> / {formatNumber(ad.maxDeliveries)}件
      </p>
      <div
        className="countdown__bar"
        role="progressbar"
        aria-label={`「${ad.adTitle}」の配信数`}
        aria-valuemin={0}
        aria-valuemax={ad.maxDeliveries}
        aria-valuenow={ad.deliveryCount}
      >
        <div className="countdown__fill" style={{ width: `${progress}%` }} />
      </div>
      <DailyBudgetNote ad={ad} />
      <p>
        ご利用金額（税抜）<strong data-testid="ad-spend">{formatYen(ad.spend)}</strong>
        <span className="note">
          （{ad.status === 'draft' ? '単価の目安' : '単価'} {formatYen(ad.unitPrice)}）
        </span>
      </p>
      <p className="note">
        性別：{tickedLabels(ad.targetGender, genderLabels)} ／ 年代：
        {tickedLabels(ad.targetAgeRange, ageBandLabels)}
        {profileTargetingSummary(ad)
          .map((line) => ` ／ ${line}`)
          .join('')}
      </p>
      <FormMessage message={outcome} />
      <div className="ad-card__actions">
        {ad.status === 'approved' && ad.isActive && <PauseResume ad={ad} onDone={setOutcome} />}
        {ad.status === 'approved' && ad.isActive && <EndDelivery ad={ad} onDone={setOutcome} />}
        {ad.status === 'draft' && <DraftActions ad={ad} onDone={setOutcome} />}
        {ad.status !== 'rejected' && ad.status !== 'draft' && <RaiseLimit ad={ad} onDone={setOutcome} />}
        {ad.status !== 'rejected' && ad.status !== 'draft' && (
          <DailyBudgetChange ad={ad} onDone={setOutcome} />
        )}
        {ad.status === 'rejected' && (
          <Link className="button" to={`/advertiser/edit-ad/${ad.id}`}>
            修正して再申請
          </Link>
        )}
        {ad.status === 'approved' && (
          <Link className="button button--secondary" to={`/advertiser/ads/${ad.id}/report`}>
            レポート
          </Link>
        )}
        <DuplicateAd ad={ad} onDone={setOutcome} />
      </div>
    </li>
  );
}

export default function AdsStatusPage() {
  useDocumentTitle('広告の管理');
  const advertiser = useSignedInAdvertiser();
  const query = useAdvertiserAds();
  const { hash } = useLocation();
  // The dashboard's alerts link to an ad (#ad-<id>): shown once the list is here, after the layout's
  // scroll to the top of a new page.
  useEffect(() => {
    if (!hash.startsWith('#ad-') || !query.data) return;
    const frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash, query.data]);
  // Right after a submission only: a reload, or the ad's later review, does not bring it back.
  const notice = useRedirectNotice();
  return (
    <div className="page">
      <h1 className="page-title">広告の管理</h1>
      {!advertiser.isAdmin && <PaymentFailedBanner />}
      {notice && (
        <p role="status" className="form-success">
          {notice}
        </p>
      )}
      <p className="page-links">
        <Link className="button" to="/advertiser/create-ad">
          新しい広告を作成
        </Link>
      </p>
      <QueryList
        query={query}
        items={(data) => data.ads}
        empty="まだ広告はありません。「新しい広告を作成」から申し込めます。"
      >
        {(ad) => <AdStatusCard ad={ad} />}
      </QueryList>
      <p className="page-links">
        <Link to="/advertiser">ダッシュボードへ戻る</Link>
      </p>
    </div>
  );
}
