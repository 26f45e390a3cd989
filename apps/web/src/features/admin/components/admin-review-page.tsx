import {
  formatNumber,
  formatPoints,
  formatYen,
  messages,
  type PendingAd,
  rejectAdBody,
} from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePendingAds } from '../api/list-pending-ads.ts';
import { type ReviewDecision, useReviewAd } from '../api/review-ad.ts';

const genderLabels: Record<string, string> = { male: '男性', female: '女性', other: 'その他' };
const ticked = (targets: Record<string, boolean>, labels?: Record<string, string>) => {
  const chosen = Object.entries(targets)
    .filter(([, on]) => on)
    .map(([key]) => labels?.[key] ?? key.replace('s', '代'));
  return chosen.length === 0 ? '指定なし（全員）' : chosen.join('・');
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
  const approve = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    void decide({ kind: 'approve' });
  };

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
        {formatNumber(ad.maxDeliveries)}件 ／ 性別：
        {ticked(ad.targetGender, genderLabels)} ／ 年代：{ticked(ad.targetAgeRange)}
      </p>
      <form onSubmit={approve}>
        <button type="submit" className="button" disabled={review.isPending}>
          承認する
        </button>
      </form>
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
