import {
  formatNumber,
  formatPoints,
  issueGiftBody,
  messages,
  type PendingGiftRequest,
  pendingGiftRequestsQuery,
  rejectGiftBody,
} from '@quiz-points/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmStep } from '../../../components/ui/confirm-step.tsx';
import { InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { formatExchangeTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePendingGiftRequests } from '../api/list-pending-gift-requests.ts';
import { type GiftSettlement, useSettleGiftRequest } from '../api/settle-gift-request.ts';
import { useSearchForm } from '../hooks/use-search-form.ts';
import { OutcomeStatus } from './outcome-status.tsx';
import { PagedList } from './paged-list.tsx';

const inputId = (kind: GiftSettlement['kind'], request: PendingGiftRequest) =>
  `${kind === 'issue' ? 'code' : 'reason'}-${request.id}`;

/** What is asked for, as the admin reads it: the gift, its amount and whose request it is. */
const requestName = (request: PendingGiftRequest) =>
  `${request.email} の ${request.giftType.toUpperCase()} ${formatPoints(request.pointsUsed)}`;

/** Whose request and for what, then what the admin gave (`children`: the code or the reason). */
function RequestTerms({ request, children }: { request: PendingGiftRequest; children: ReactNode }) {
  return (
    <dl className="definition-list">
      <dt>申請者</dt>
      <dd>{request.email}</dd>
      <dt>ギフト</dt>
      <dd>
        {request.giftType.toUpperCase()} {formatPoints(request.pointsUsed)}
      </dd>
      {children}
    </dl>
  );
}

/**
 * One pending request. Issuing and rejecting are confirmed alike, in the page: each takes
 * its text first (the gift code, the reason), then shows what will happen and needs 〜を確定する.
 */
function PendingRequest({
  request,
  onSettled,
}: {
  request: PendingGiftRequest;
  onSettled: (outcome: string) => void;
}) {
  const settle = useSettleGiftRequest();
  const [proposed, setProposed] = useState<GiftSettlement | null>(null);
  const [settled, setSettled] = useState(false);
  const [backTo, setBackTo] = useState<GiftSettlement['kind'] | null>(null);
  // Each way to settle takes its text first, checked by the server's own schema.
  const code = useInlineForm({
    schema: issueGiftBody,
    field: 'giftCode',
    onValid: ({ giftCode }) => setProposed({ kind: 'issue', giftCode }),
  });
  const reason = useInlineForm({
    schema: rejectGiftBody,
    field: 'reason',
    onValid: ({ reason }) => setProposed({ kind: 'reject', reason }),
  });
  const { risk } = request;

  // Back from a confirmation, the keyboard's place returns to the field that opened it.
  useEffect(() => {
    if (proposed !== null || backTo === null) return;
    document.getElementById(inputId(backTo, request))?.focus();
    setBackTo(null);
  }, [proposed, backTo, request]);

  const back = (kind: GiftSettlement['kind']) => {
    setBackTo(kind);
    setProposed(null);
  };
  const confirm = async (settlement: GiftSettlement) => {
    try {
      await settle.mutateAsync({ requestId: request.id, settlement });
      setSettled(true);
      onSettled(
        settlement.kind === 'issue'
          ? `${requestName(request)}にギフトコードを発行しました。`
          : `${requestName(request)}の申請を却下し、ポイントを返還しました。`,
      );
    } catch (failure) {
      // The server's refusal (already settled, a code in use) shows under the field it came from.
      (settlement.kind === 'issue' ? code : reason).form.fail(
        failure instanceof Error ? failure.message : messages.updateFailed,
      );
      back(settlement.kind);
    }
  };

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
      {settled && <p className="note">処理済みです。</p>}
      {!settled && proposed?.kind === 'issue' && (
        <ConfirmStep
          question="この申請にギフトコードを発行しますか？"
          confirmLabel="発行を確定する"
          pending={settle.isPending}
          onConfirm={() => void confirm(proposed)}
          onCancel={() => back('issue')}
        >
          <RequestTerms request={request}>
            <dt>ギフトコード</dt>
            <dd data-testid="confirm-gift-code">{proposed.giftCode}</dd>
          </RequestTerms>
          <p className="note">
            コードは申請者にメールで届き、交換履歴にも表示されます。発行は取り消せません。
          </p>
        </ConfirmStep>
      )}
      {!settled && proposed?.kind === 'reject' && (
        <ConfirmStep
          question="この申請を却下しますか？"
          confirmLabel="却下を確定する"
          tone="danger"
          pending={settle.isPending}
          onConfirm={() => void confirm(proposed)}
          onCancel={() => back('reject')}
        >
          <RequestTerms request={request}>
            <dt>却下理由</dt>
            <dd data-testid="confirm-reason">{proposed.reason}</dd>
          </RequestTerms>
          <p className="note">
            {formatPoints(request.pointsUsed)}は申請者に返還され、理由はメールでお知らせします。
          </p>
        </ConfirmStep>
      )}
      {!settled && proposed === null && (
        <>
          <InlineForm
            id={inputId('issue', request)}
            label="ギフトコード"
            hideLabel
            {...code.props}
            buttonLabel="発行する"
            disabled={settle.isPending}
          />
          <InlineForm
            id={inputId('reject', request)}
            label="却下理由"
            hideLabel
            {...reason.props}
            buttonLabel="却下する"
            disabled={settle.isPending}
            tone="danger"
          />
        </>
      )}
    </li>
  );
}

export default function AdminGiftsPage() {
  useDocumentTitle('ギフト申請');
  // An empty search lists every pending request (no q at all).
  const { q, search } = useSearchForm(pendingGiftRequestsQuery, (text) =>
    text.trim() === '' ? {} : { q: text },
  );
  const list = usePendingGiftRequests(q);
  const [outcome, setOutcome] = useState('');
  const total = list.query.data?.pages[0]?.total;
  return (
    <div className="page">
      <h1 className="page-title">ギフト申請（未処理）</h1>
      <InlineForm
        id="gift-search"
        label="申請者のメールアドレス"
        className="field"
        type="search"
        {...search.props}
        buttonLabel="検索する"
        hint="一部だけでも検索できます。空欄で検索すると、未処理の申請をすべて古い順に表示します。"
      />
      <OutcomeStatus text={outcome} />
      {total !== undefined && (
        <p className="note" data-testid="gift-total">
          {q ? `「${q}」に当てはまる未処理の申請` : '未処理の申請'} {formatNumber(total)}件（古い順）
        </p>
      )}
      <PagedList
        list={list}
        items={(page) => page.requests}
        empty={q ? '当てはまる未処理の申請はありません。' : '未処理の申請はありません。'}
        label="未処理のギフト申請"
      >
        {(request) => <PendingRequest request={request} onSettled={setOutcome} />}
      </PagedList>
    </div>
  );
}
