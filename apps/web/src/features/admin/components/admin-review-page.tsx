import {
  formatNumber,
  formatPoints,
  formatYen,
  messages,
  type PendingAd,
  rejectAdBody,
  scheduleLabel,
} from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { AdPreview } from '../../../components/ui/ad-preview.tsx';
import { ConfirmStep } from '../../../components/ui/confirm-step.tsx';
import { InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { ApiError } from '../../../lib/api.ts';
import {
  ageBandLabels,
  genderLabels,
  profileTargetingSummary,
  tickedLabels,
} from '../../../lib/targeting-labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePendingAds } from '../api/list-pending-ads.ts';
import { type ReviewDecision, useReviewAd } from '../api/review-ad.ts';
import { rejectionReasonTemplates } from './rejection-reasons.ts';

/** Who the ad will reach, in the advertiser's own words (ads status): gender, age, then each profile list it uses. */
const targetingText = (ad: PendingAd) =>
  [
    `性別：${tickedLabels(ad.targetGender, genderLabels)}`,
    `年代：${tickedLabels(ad.targetAgeRange, ageBandLabels)}`,
    ...profileTargetingSummary(ad),
  ].join(' ／ ');

/** The delivery window as the advertiser chose it; open at both ends when none. */
const windowText = (ad: PendingAd) => {
  const label = scheduleLabel(ad);
  return label ? `${label}（日本時間）` : '指定なし';
};

const failureText = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : messages.updateFailed;

function PendingAdCard({ ad, onReviewed }: { ad: PendingAd; onReviewed: (outcome: string) => void }) {
  const review = useReviewAd();
  const reason = useInlineForm({
    schema: rejectAdBody,
    field: 'reason',
    onValid: (body) => decide({ kind: 'reject', reason: body.reason }),
  });
  const { form } = reason;
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const [template, setTemplate] = useState('');

  const decide = async (decision: ReviewDecision) => {
    try {
      const { mailed } = await review.mutateAsync({ adId: ad.id, decision });
      onReviewed(
        `「${ad.adTitle}」を${decision.kind === 'approve' ? '承認' : '却下'}しました。${mailed ? messages.mailSent : messages.mailFailed}`,
      );
    } catch (failure) {
      form.fail(failureText(failure));
    }
  };
  // Approval starts delivery at once: it is confirmed in the page first.
  const approve = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    setConfirmingApproval(true);
  };
  const confirmApproval = async () => {
    await decide({ kind: 'approve' });
    setConfirmingApproval(false);
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
      {confirmingApproval ? (
        <ConfirmStep
          question={`「${ad.adTitle}」を承認しますか？承認すると配信が始まります。`}
          confirmLabel="承認を確定する"
          pending={review.isPending}
          onConfirm={() => void confirmApproval()}
          onCancel={() => setConfirmingApproval(false)}
        />
      ) : (
        <form onSubmit={approve}>
          <button type="submit" className="button" disabled={review.isPending}>
            承認する
          </button>
        </form>
      )}
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
        id={`reason-${ad.id}`}
        label="却下理由"
        hideLabel
        {...reason.props}
        buttonLabel="却下する"
        disabled={review.isPending}
        tone="danger"
      />
    </li>
  );
}

export default function AdminReviewPage() {
  useDocumentTitle('広告審査');
  const query = usePendingAds();
  const [outcome, setOutcome] = useState('');
  return (
    <div className="page">
      <h1 className="page-title">広告審査</h1>
      <p role="status" className="form-success">
        {outcome}
      </p>
      <QueryList query={query} items={(data) => data.ads} empty="審査待ちの広告はありません。">
        {(ad) => <PendingAdCard ad={ad} onReviewed={setOutcome} />}
      </QueryList>
    </div>
  );
}
