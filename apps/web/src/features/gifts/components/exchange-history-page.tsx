import { formatPoints, giftStatusLabels, messages } from '@quiz-points/shared';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { formatExchangeTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRedirectNotice } from '../../../lib/use-redirect-notice.ts';
import { useGiftRequests } from '../api/list-gift-requests.ts';

export default function ExchangeHistoryPage() {
  useDocumentTitle('交換履歴');
  // Right after an exchange only: a reload or a later visit does not say it again.
  const notice = useRedirectNotice();
  const query = useGiftRequests();
  return (
    <div className="page">
      <h1 className="page-title">交換履歴</h1>
      {notice && (
        <p role="status" className="card notice form-success">
          {notice}
        </p>
      )}
      <QueryContent
        query={query}
        errorMessage={messages.historyLoadFailed}
        isEmpty={(data) => data.requests.length === 0}
        empty={messages.exchangeHistoryEmpty}
      >
        {(data) => (
          <ul className="ad-list">
            {data.requests.map((request) => (
              <li key={request.id} className="card gift-card">
                <p className="gift-card__type">{request.giftType.toUpperCase()}</p>
                <p className={`badge badge--${request.status}`}>{giftStatusLabels[request.status]}</p>
                <p className="gift-card__points">{formatPoints(request.pointsUsed)}</p>
                <p className="note">申請日時：{formatExchangeTime(request.createdAt)}</p>
                {request.deliverBy && (
                  <p className="note">
                    お届け予定：{formatExchangeTime(request.deliverBy)}までにメールでお送りします
                  </p>
                )}
                {request.giftCode && (
                  <p className="gift-card__code">
                    ギフトコード：<strong>{request.giftCode}</strong>
                  </p>
                )}
                {request.rejectionReason && (
                  <p className="note">理由：{request.rejectionReason}（ポイントはお返ししました）</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
