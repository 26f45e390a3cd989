import { messages } from '@quiz-points/shared';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignedInUser } from '../../auth/index.ts';
import { usePointHistory } from '../api/get-point-history.ts';

export default function PointHistoryPage() {
  const balance = useSignedInUser().points;
  useDocumentTitle('ポイント通帳');
  const query = usePointHistory();
  return (
    <div className="page">
      <h1 className="page-title">ポイント通帳</h1>
      <p className="card points-card">
        保有ポイント <strong data-testid="history-balance">{balance.toLocaleString('ja-JP')} Pt</strong>
      </p>
      <QueryContent
        query={query}
        errorMessage={messages.historyLoadFailed}
        isEmpty={(data) => data.entries.length === 0}
        empty={'まだポイントの履歴はありません。'}
      >
        {(data) => (
          <ul className="passbook" aria-live="polite">
            {data.entries.map((entry) => (
              <li key={entry.id} className="passbook__entry">
                <div>
                  <p className="passbook__memo">
                    <span className={entry.points > 0 ? 'passbook__kind is-gain' : 'passbook__kind is-use'}>
                      {entry.points > 0 ? messages.memoGain : messages.memoUse}
                    </span>
                    {entry.memo}
                  </p>
                  <time className="passbook__time" dateTime={entry.createdAt}>
                    {formatPassbookTime(entry.createdAt)}
                  </time>
                </div>
                <p className={entry.points > 0 ? 'passbook__points is-gain' : 'passbook__points is-use'}>
                  {entry.points > 0 ? `+${entry.points}` : entry.points} Pt
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
