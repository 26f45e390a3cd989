import {
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
import { type listPendingGiftRequests, usePendingGiftRequests } from '../api/list-pending-gift-requests.ts';
import { type GiftSettlement, useSettleGiftRequest } from '../api/settle-gift-request.ts';
import { PendingQueue, type Queue } from './pending-queue.tsx';

const inputId = (kind: GiftSettlement['kind'], request: PendingGiftRequest) =>
  `${kind === 'issue' ? 'code' : 'reason'}-${request.id}`;

/** What is asked for, as the admin reads it: the gift, its amount and whose request it is. */
const requestName = (request: PendingGiftRequest) =>
  `${request.email} の ${request.giftType.toUpperCase()} ${formatPoints(request.pointsUsed)}`;

interface SettlementWords {
  /** What the admin gives (the field's label, and the term in the confirmation). */
  label: string;
  buttonLabel: string;
  tone: 'primary' | 'danger';
  question: string;
  confirmLabel: string;
  givenTestId: string;
  note: (request: PendingGiftRequest) => string;
  done: (request: PendingGiftRequest) => string;
}

/**
 * Issuing and rejecting, which are confirmed alike: the text each takes first, the confirmation's
 * question and note, and what the page says once it is done.
 */
const settlements: Record<GiftSettlement['kind'], SettlementWords> = {
  issue: {
    label: 'ギフトコード',
    buttonLabel: '発行する',
    tone: 'primary',
    question: 'この申請にギフトコードを発行しますか？',
    confirmLabel: '発行を確定する',
    givenTestId: 'confirm-gift-code',
    note: () => 'コードは申請者にメールで届き、交換履歴にも表示されます。発行は取り消せません。',
    done: (request) => `${requestName(request)}にギフトコードを発行しました。`,
  },
  reject: {
    label: '却下理由',
    buttonLabel: '却下する',
    tone: 'danger',
    question: 'この申請を却下しますか？',
    confirmLabel: '却下を確定する',
    givenTestId: 'confirm-reason',
    note: (request) =>
      `${formatPoints(request.pointsUsed)}は申請者に返還され、理由はメールでお知らせします。`,
    done: (request) => `${requestName(request)}の申請を却下し、ポイントを返還しました。`,
  },
};

const settlementKinds = ['issue', 'reject'] as const;

/** What the admin gave: the gift code, or the reason. */
const givenText = (settlement: GiftSettlement) =>
  settlement.kind === 'issue' ? settlement.giftCode : settlement.reason;

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
  const forms = { issue: code, reject: reason };
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
      onSettled(settlements[settlement.kind].done(request));
    } catch (failure) {
      // The server's refusal (already settled, a code in use) shows under the field it came from.
      forms[settlement.kind].form.fail(failure instanceof Error ? failure.message : messages.updateFailed);
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
      {!settled && proposed !== null && (
        <ConfirmStep
          question={settlements[proposed.kind].question}
          confirmLabel={settlements[proposed.kind].confirmLabel}
          tone={settlements[proposed.kind].tone}
          pending={settle.isPending}
          onConfirm={() => void confirm(proposed)}
          onCancel={() => back(proposed.kind)}
        >
          <RequestTerms request={request}>
            <dt>{settlements[proposed.kind].label}</dt>
            <dd data-testid={settlements[proposed.kind].givenTestId}>{givenText(proposed)}</dd>
          </RequestTerms>
          <p className="note">{settlements[proposed.kind].note(request)}</p>
        </ConfirmStep>
      )}
      {!settled &&
        proposed === null &&
        settlementKinds.map((kind) => (
          <InlineForm
            key={kind}
            id={inputId(kind, request)}
            label={settlements[kind].label}
            hideLabel
            {...forms[kind].props}
            buttonLabel={settlements[kind].buttonLabel}
            disabled={settle.isPending}
            tone={settlements[kind].tone}
          />
        ))}
    </li>
  );
}

const giftQueue: Queue<Awaited<ReturnType<typeof listPendingGiftRequests>>, PendingGiftRequest> = {
  what: '未処理の申請',
  label: '未処理のギフト申請',
  search: { id: 'gift-search', label: '申請者のメールアドレス', schema: pendingGiftRequestsQuery },
  totalTestId: 'gift-total',
  usePages: usePendingGiftRequests,
  items: (page) => page.requests,
};

export default function AdminGiftsPage() {
  useDocumentTitle('ギフト申請');
  const [outcome, setOutcome] = useState('');
  return (
    <div className="page">
      <h1 className="page-title">ギフト申請（未処理）</h1>
      <PendingQueue queue={giftQueue} outcome={outcome}>
        {(request) => <PendingRequest request={request} onSettled={setOutcome} />}
      </PendingQueue>
    </div>
  );
}
