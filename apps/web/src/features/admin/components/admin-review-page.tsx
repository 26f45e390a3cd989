import { messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { InlineTextAction } from '../../../components/ui/inline-text-action.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type PendingAd, usePendingAds, useReviewAd } from '../api/review.ts';
import { RequireAdmin } from './require-admin.tsx';

const genderLabels: Record<string, string> = { male: '男性', female: '女性', other: 'その他' };
const ticked = (targets: Record<string, boolean>, labels?: Record<string, string>) => {
  const chosen = Object.entries(targets)
    .filter(([, on]) => on)
    .map(([key]) => labels?.[key] ?? key.replace('s', '代'));
  return chosen.length === 0 ? '指定なし（全員）' : chosen.join('・');
};

function PendingAdCard({ ad, onReviewed }: { ad: PendingAd; onReviewed: (outcome: string) => void }) {
  const review = useReviewAd();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const decide = (decision: 'approve' | 'reject') => async (event: FormEvent) => {
    event.preventDefault();
    if (decision === 'reject' && !reason.trim()) return setError(messages.rejectionReasonRequired);
    setError('');
    try {
      const { mailed } = await review.mutateAsync({ id: ad.id, decision, reason });
      onReviewed(
        `「${ad.adTitle}」を${decision === 'approve' ? '承認' : '却下'}しました。${mailed ? messages.mailSent : messages.mailFailed}`,
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.updateFailed);
    }
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
        報酬 {ad.userReward} Pt ／ 単価 {ad.unitPrice}円 ／ 上限 {ad.maxDeliveries.toLocaleString('ja-JP')}件
        ／ 性別：
        {ticked(ad.targetGender, genderLabels)} ／ 年代：{ticked(ad.targetAgeRange)}
      </p>
      <form onSubmit={decide('approve')}>
        <button type="submit" className="button" disabled={review.isPending}>
          承認する
        </button>
      </form>
      <InlineTextAction
        id={`reason-${ad.id}`}
        label="却下理由"
        value={reason}
        onChange={setReason}
        onSubmit={decide('reject')}
        buttonLabel="却下する"
        disabled={review.isPending}
        danger
      />
      <FormError text={error} />
    </li>
  );
}

function AdminReview() {
  useDocumentTitle('広告審査');
  const query = usePendingAds();
  const [outcome, setOutcome] = useState('');
  return (
    <div className="page">
      <h1 className="page-title">広告審査</h1>
      <p role="status" className="form-success">
        {outcome}
      </p>
      <QueryContent
        query={query}
        errorMessage={messages.loadFailed}
        isEmpty={(data) => data.ads.length === 0}
        empty="審査待ちの広告はありません。"
      >
        {(data) => (
          <ul className="ad-list">
            {data.ads.map((ad) => (
              <PendingAdCard key={ad.id} ad={ad} onReviewed={setOutcome} />
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}

export default function AdminReviewPage() {
  return <RequireAdmin>{() => <AdminReview />}</RequireAdmin>;
}
