import { messages, type PendingGiftRequest } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { InlineTextAction } from '../../../components/ui/inline-text-action.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { formatExchangeTime } from '../../../lib/format.ts';
import { uiText } from '../../../lib/ui-text.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePendingGiftRequests, useSettleGiftRequest } from '../../gifts/api/gifts.ts';
import { RequireAdmin } from './require-admin.tsx';

function PendingRequest({ request }: { request: PendingGiftRequest }) {
  const settle = useSettleGiftRequest();
  const [giftCode, setGiftCode] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const act = (action: 'issue' | 'reject') => async (event: FormEvent) => {
    event.preventDefault();
    if (action === 'issue' && !giftCode.trim()) return setError(messages.giftCodeRequired);
    if (action === 'reject' && !reason.trim()) return setError(messages.rejectionReasonRequired);
    setError('');
    try {
      await settle.mutateAsync({
        id: request.id,
        action,
        body: action === 'issue' ? { giftCode } : { reason },
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.updateFailed);
    }
  };

  const { risk } = request;
  return (
    <li className="card gift-card" data-testid="pending-gift">
      <p className="gift-card__type">
        {request.giftType.toUpperCase()} {request.pointsUsed.toLocaleString('ja-JP')}Pt
      </p>
      <p className="note">
        {request.email} ／ 申請：{formatExchangeTime(request.createdAt)}
      </p>
      <ul className="risk-list">
        <li>電話番号認証：{risk.phoneVerified ? '済み' : '未認証'}</li>
        <li>登録からの日数：{risk.accountAgeDays}日</li>
        <li>直近7日の獲得：{risk.earnedLast7Days.toLocaleString('ja-JP')} Pt</li>
        <li className={risk.withdrawnBefore ? 'form-error' : undefined}>
          退会歴のあるメール・電話番号：{risk.withdrawnBefore ? 'あり' : 'なし'}
        </li>
      </ul>
      <InlineTextAction
        id={`code-${request.id}`}
        label="ギフトコード"
        value={giftCode}
        onChange={setGiftCode}
        onSubmit={act('issue')}
        buttonLabel={settle.isPending ? uiText.sending : '発行する'}
        disabled={settle.isPending}
      />
      <InlineTextAction
        id={`reason-${request.id}`}
        label="却下理由"
        value={reason}
        onChange={setReason}
        onSubmit={act('reject')}
        buttonLabel="却下する"
        disabled={settle.isPending}
        danger
      />
      <FormError text={error} />
    </li>
  );
}

function AdminGifts() {
  useDocumentTitle('ギフト申請');
  const query = usePendingGiftRequests();
  return (
    <div className="page">
      <h1 className="page-title">ギフト申請（未処理）</h1>
      <QueryContent
        query={query}
        errorMessage={messages.loadFailed}
        isEmpty={(data) => data.requests.length === 0}
        empty={'未処理の申請はありません。'}
      >
        {(data) => (
          <ul className="ad-list">
            {data.requests.map((request) => (
              <PendingRequest key={request.id} request={request} />
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}

export default function AdminGiftsPage() {
  return <RequireAdmin>{() => <AdminGifts />}</RequireAdmin>;
}
