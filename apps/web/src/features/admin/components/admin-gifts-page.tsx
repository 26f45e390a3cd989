import {
  formatPoints,
  issueGiftBody,
  messages,
  type PendingGiftRequest,
  rejectGiftBody,
} from '@quiz-points/shared';
import { InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { formatExchangeTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { FormSchema } from '../../../lib/use-form.ts';
import { usePendingGiftRequests } from '../api/list-pending-gift-requests.ts';
import { type GiftSettlement, useSettleGiftRequest } from '../api/settle-gift-request.ts';

/** The two ways to settle a request: a gift code to issue, or a reason to reject. */
const settlements = [
  {
    field: 'giftCode',
    label: 'ギフトコード',
    buttonLabel: '発行する',
    schema: issueGiftBody,
    toSettlement: (giftCode: string): GiftSettlement => ({ kind: 'issue', giftCode }),
  },
  {
    field: 'reason',
    label: '却下理由',
    buttonLabel: '却下する',
    schema: rejectGiftBody,
    toSettlement: (reason: string): GiftSettlement => ({ kind: 'reject', reason }),
  },
] as const;

/** One way to settle a request, its text checked by the server's schema. */
function Settlement({
  request,
  settle,
  field,
  label,
  buttonLabel,
  schema,
  toSettlement,
}: {
  request: PendingGiftRequest;
  settle: ReturnType<typeof useSettleGiftRequest>;
  field: 'giftCode' | 'reason';
  label: string;
  buttonLabel: string;
  schema: FormSchema<Record<string, string>>;
  toSettlement: (text: string) => GiftSettlement;
}) {
  const text = useInlineForm({
    schema,
    field,
    onValid: async (body) => {
      try {
        await settle.mutateAsync({ requestId: request.id, settlement: toSettlement(body[field] ?? '') });
      } catch (failure) {
        text.form.fail(failure instanceof Error ? failure.message : messages.updateFailed);
      }
    },
  });

  return (
    <InlineForm
      id={`${field === 'giftCode' ? 'code' : 'reason'}-${request.id}`}
      label={label}
      hideLabel
      {...text.props}
      buttonLabel={buttonLabel}
      pending={field === 'giftCode' && settle.isPending}
      disabled={settle.isPending}
      tone={field === 'reason' ? 'danger' : 'primary'}
    />
  );
}

function PendingRequest({ request }: { request: PendingGiftRequest }) {
  const settle = useSettleGiftRequest();
  const { risk } = request;
  return (
    <li className="card gift-card" data-testid="pending-gift">
      <p className="gift-card__type">
        {request.giftType.toUpperCase()} {formatPoints(request.pointsUsed)}
      </p>
      <p className="note">
        {request.email} ／ 申請：{formatExchangeTime(request.createdAt)}
      </p>
      <ul className="risk-list">
        <li>電話番号認証：{risk.phoneVerified ? '済み' : '未認証'}</li>
        <li>登録からの日数：{risk.accountAgeDays}日</li>
        <li>直近7日の獲得：{formatPoints(risk.earnedLast7Days)}</li>
        <li className={risk.withdrawnBefore ? 'form-error' : undefined}>
          退会歴のあるメール・電話番号：{risk.withdrawnBefore ? 'あり' : 'なし'}
        </li>
      </ul>
      {settlements.map((settlement) => (
        <Settlement key={settlement.field} request={request} settle={settle} {...settlement} />
      ))}
    </li>
  );
}

export default function AdminGiftsPage() {
  useDocumentTitle('ギフト申請');
  const query = usePendingGiftRequests();
  return (
    <div className="page">
      <h1 className="page-title">ギフト申請（未処理）</h1>
      <QueryList query={query} items={(data) => data.requests} empty="未処理の申請はありません。">
        {(request) => <PendingRequest request={request} />}
      </QueryList>
    </div>
  );
}
