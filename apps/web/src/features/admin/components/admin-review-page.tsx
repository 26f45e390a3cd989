import {
  formatNumber,
  formatPoints,
  formatYen,
  messages,
  type PendingAd,
  pendingAdsQuery,
  rejectAdBody,
  scheduleLabel,
} from '@quiz-points/shared';
import { useEffect, useRef, useState } from 'react';
import { AdPreview } from '../../../components/ui/ad-preview.tsx';
import { ConfirmStep } from '../../../components/ui/confirm-step.tsx';
import { InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { ApiError } from '../../../lib/api.ts';
import { targetingParts } from '../../../lib/targeting-labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type listPendingAds, usePendingAds } from '../api/list-pending-ads.ts';
import { type ReviewDecision, useReviewAd } from '../api/review-ad.ts';
import { PendingQueue, type Queue } from './pending-queue.tsx';
import { rejectionReasonTemplates } from './rejection-reasons.ts';

/** Who the ad will reach, in the advertiser's own words (ads status): gender, age, then each profile list it uses. */
const targetingText = (ad: PendingAd) => targetingParts(ad).join(' ／ ');

/** The delivery window as the advertiser chose it; open at both ends when none. */
const windowText = (ad: PendingAd) => {
  const label = scheduleLabel(ad);
  return label ? `${label}（日本時間）` : '指定なし';
};

const failureText = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : messages.updateFailed;

/** What approving commits to: the ad goes out at this price, to these people, in this window. */
function ApprovalSummary({ ad }: { ad: PendingAd }) {
  return (
    <dl className="definition-list">
      <div>
        <dt>広告主</dt>
        <dd>{ad.advertiser ?? '運営（ハウス広告）'}</dd>
      </div>
      <div>
        <dt>報酬・単価・上限</dt>
        <dd>
          {formatPoints(ad.userReward)} ／ {formatYen(ad.unitPrice)} ／ {formatNumber(ad.maxDeliveries)}件
        </dd>
      </div>
      <div>
        <dt>配信対象</dt>
        <dd>{targetingText(ad)}</dd>
      </div>
      <div>
        <dt>配信期間</dt>
        <dd>{windowText(ad)}</dd>
      </div>
    </dl>
  );
}

/**
 * One ad in review. Approving and rejecting are confirmed alike, in the page: 承認する shows
 * what is approved, 却下する asks for the reason first; each then needs 〜を確定する (Enter) or 戻る.
 */
function PendingAdCard({ ad, onReviewed }: { ad: PendingAd; onReviewed: (outcome: string) => void }) {
  const review = useReviewAd();
  const [proposed, setProposed] = useState<ReviewDecision | null>(null);
  const [reviewed, setReviewed] = useState(false);
  const [template, setTemplate] = useState('');
  const reason = useInlineForm({
    schema: rejectAdBody,
    field: 'reason',
    onValid: (body) => setProposed({ kind: 'reject', reason: body.reason }),
  });
  const { form } = reason;
  const approveButton = useRef<HTMLButtonElement>(null);
  const backTo = useRef<'approve' | 'reject' | null>(null);
  const reasonId = `reason-${ad.id}`;

  // Back from a confirmation, the keyboard's place returns to what opened it.
  useEffect(() => {
    if (proposed !== null || backTo.current === null) return;
    if (backTo.current === 'approve') approveButton.current?.focus();
    else document.getElementById(reasonId)?.focus();
    backTo.current = null;
  }, [proposed, reasonId]);

  const cancel = () => {
    backTo.current = proposed?.kind ?? null;
    setProposed(null);
  };
  const confirm = async (decision: ReviewDecision) => {
    try {
      const { mailed } = await review.mutateAsync({ adId: ad.id, decision });
      setReviewed(true);
      onReviewed(
        `「${ad.adTitle}」を${decision.kind === 'approve' ? '承認' : '却下'}しました。${mailed ? messages.mailSent : messages.mailFailed}`,
      );
    } catch (failure) {
      form.fail(failureText(failure));
      backTo.current = decision.kind;
      setProposed(null);
    }
  };
  const templateId = `reason-template-${ad.id}`;

  return (
    <li className="card" data-testid="pending-ad">
      <p className="ad-card__provider">
        {ad.adProvider}（{ad.advertiser ?? '運営'}）
      </p>
      <h2 className="ad-card__title">{ad.adTitle}</h2>
      <p>
        <a href={ad.adUrl} target="_blank" rel="noopener noreferrer">
          {ad.adUrl}
        </a>
      </p>
      <p className="quiz-options__question">{ad.quizQuestion}</p>
      <ol>
        {ad.quizOptions.map((option, index) => (
          <li key={option}>
            {option}
            {index + 1 === ad.correctOptionIndex && <strong>（正解）</strong>}
          </li>
        ))}
      </ol>
      <p className="note">
        報酬 {formatPoints(ad.userReward)} ／ 単価 {formatYen(ad.unitPrice)} ／ 上限{' '}
        {formatNumber(ad.maxDeliveries)}件
      </p>
      <p className="note" data-testid="pending-ad-targeting">
        配信対象 {targetingText(ad)}
      </p>
      <p className="note" data-testid="pending-ad-window">
        配信期間 {windowText(ad)}
      </p>
      <p className="note" data-testid="pending-ad-image">
        バナー画像{' '}
        {ad.image ? (
          <a href={ad.image.sources.at(-1)?.url} target="_blank" rel="noopener noreferrer">
            {ad.image.width}×{ad.image.height}ピクセル（新しいタブで開く）
          </a>
        ) : (
          'なし'
        )}
      </p>
      <AdPreview ad={ad} titleLevel={3} />
      {reviewed && <p className="note">審査済みです。</p>}
      {!reviewed && proposed?.kind === 'approve' && (
        <ConfirmStep
          question={`「${ad.adTitle}」を承認しますか？承認すると配信が始まります。`}
          confirmLabel="承認を確定する"
          pending={review.isPending}
          onConfirm={() => void confirm(proposed)}
          onCancel={cancel}
        >
          <ApprovalSummary ad={ad} />
          <p className="note">審査の結果は広告主にメールでお知らせします。</p>
        </ConfirmStep>
      )}
      {!reviewed && proposed?.kind === 'reject' && (
        <ConfirmStep
          question={`「${ad.adTitle}」を却下しますか？`}
          confirmLabel="却下を確定する"
          tone="danger"
          pending={review.isPending}
          onConfirm={() => void confirm(proposed)}
          onCancel={cancel}
        >
          <dl className="definition-list">
            <div>
              <dt>却下理由</dt>
              <dd data-testid="confirm-reason">{proposed.reason}</dd>
            </div>
          </dl>
          <p className="note">理由は広告主にメールでお知らせします。広告主は内容を修正して再申請できます。</p>
        </ConfirmStep>
      )}
      {!reviewed && proposed === null && (
        <div className="review-actions">
          <button
            ref={approveButton}
            type="button"
            className="button"
            disabled={review.isPending}
            onClick={() => {
              form.clear();
              setProposed({ kind: 'approve' });
            }}
          >
            承認する
          </button>
          <div className="field">
            <label htmlFor={templateId} className="field__label">
              却下理由の定型文
            </label>
            <Select
              id={templateId}
              value={template}
              none="定型文を選ぶと却下理由に入ります"
              choices={rejectionReasonTemplates.map((text) => [text, text] as const)}
              onChange={(text) => {
                setTemplate(text);
                if (text) reason.setText(text);
              }}
            />
          </div>
          <InlineForm
            id={reasonId}
            label="却下理由"
            hideLabel
            {...reason.props}
            buttonLabel="却下する"
            disabled={review.isPending}
            tone="danger"
          />
        </div>
      )}
    </li>
  );
}

const reviewQueue: Queue<Awaited<ReturnType<typeof listPendingAds>>, PendingAd> = {
  what: '審査待ちの広告',
  label: '審査待ちの広告',
  search: { id: 'review-search', label: '広告タイトル・広告主名・メールアドレス', schema: pendingAdsQuery },
  totalTestId: 'review-total',
  usePages: usePendingAds,
  items: (page) => page.ads,
};

export default function AdminReviewPage() {
  useDocumentTitle('広告審査');
  const [outcome, setOutcome] = useState('');
  return (
    <div className="page">
      <h1 className="page-title">広告審査</h1>
      <PendingQueue queue={reviewQueue} outcome={outcome}>
        {(ad) => <PendingAdCard ad={ad} onReviewed={setOutcome} />}
      </PendingQueue>
    </div>
  );
}
