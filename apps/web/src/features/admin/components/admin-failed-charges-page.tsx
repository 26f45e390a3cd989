import { type AdminFailedCharge, formatNumber, formatYen, periodLabel } from '@quiz-points/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { formatExchangeTime } from '../../../lib/format.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFailedCharges } from '../api/list-failed-charges.ts';
import { useRetryFailedCharge } from '../api/retry-failed-charge.ts';

/** What the last retry came to, told beside the list (a paid invoice leaves it). */
type Outcome = { tone: 'success' | 'error'; text: string } | null;

function FailedCharge({
  charge,
  onOutcome,
}: {
  charge: AdminFailedCharge;
  onOutcome: (outcome: Outcome) => void;
}) {
  const retry = useRetryFailedCharge();
  const what = `${charge.advertiserName}「${charge.adTitle}」${periodLabel(charge.period)}分`;
  const run = async () => {
    onOutcome(null);
    try {
      const result = await retry.mutateAsync(charge.invoiceId);
      onOutcome(
        result.status === 'charged'
          ? { tone: 'success', text: `${what}の決済が完了しました。` }
          : { tone: 'error', text: `${what}は再び決済できませんでした：${result.failureReason ?? ''}` },
      );
    } catch (failure) {
      onOutcome({
        tone: 'error',
        text: failure instanceof Error ? failure.message : '再決済に失敗しました。',
      });
    }
  };
  return (
    <li className="card" data-testid="failed-charge">
      <h2>
        {charge.advertiserName}（{charge.advertiserEmail}）
      </h2>
      <dl className="definition-list">
        <dt>広告</dt>
        <dd>
          <Link to={`/admin/advertisers/${encodeURIComponent(charge.advertiserId)}`}>{charge.adTitle}</Link>
        </dd>
        <dt>対象月</dt>
        <dd>{periodLabel(charge.period)}分</dd>
        <dt>金額（税込）</dt>
        <dd>{formatYen(charge.total)}</dd>
        <dt>失敗の理由</dt>
        <dd>{charge.failureReason ?? '不明'}</dd>
        <dt>決済の試行</dt>
        <dd>{formatNumber(charge.attempts)}回</dd>
        <dt>失敗した日時</dt>
        <dd>{formatExchangeTime(charge.failedAt)}</dd>
        <dt>カード</dt>
        <dd>{charge.cardRegistered ? '登録済み' : '未登録（再決済しても失敗します）'}</dd>
      </dl>
      <button
        type="button"
        className="button button--wide"
        disabled={retry.isPending}
        onClick={() => void run()}
      >
        {retry.isPending ? uiText.sending : '再決済する'}
      </button>
    </li>
  );
}

/**
 * Failed charges: each invoice whose card charge failed, with a retry. The charge keeps
 * the invoice as its idempotency key, so a retry never charges twice; a paid one resumes the
 * advertiser's ads once nothing else of theirs is failed.
 */
export default function AdminFailedChargesPage() {
  useDocumentTitle('決済失敗');
  const query = useFailedCharges();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <div className="page">
      <h1 className="page-title">決済失敗</h1>
      <p className="note">
        カード決済に失敗した請求です。広告主の広告はすべて配信停止中で、広告主には新しいカードの登録をメールで案内しています。新しいカードが登録されると自動で再決済します。
      </p>
      <div aria-live="polite">
        {outcome && (
          <p role={outcome.tone === 'error' ? 'alert' : 'status'} className={`form-${outcome.tone}`}>
            {outcome.text}
          </p>
        )}
      </div>
      <QueryList
        query={query}
        items={(data) => data.failedCharges}
        itemKey={(charge) => charge.invoiceId}
        empty="決済に失敗した請求はありません。"
        label="決済に失敗した請求"
      >
        {(charge) => <FailedCharge charge={charge} onOutcome={setOutcome} />}
      </QueryList>
      <p className="page-links">
        <Link to="/admin">管理画面へ戻る</Link>
      </p>
    </div>
  );
}
