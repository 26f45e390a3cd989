import {
  type AdminUserOverview,
  formatPoints,
  formatSignedPoints,
  messages,
  suspensionBody,
} from '@quiz-points/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatExchangeTime, formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUserOverview } from '../api/get-user-overview.ts';
import { useSetUserSuspension } from '../api/set-user-suspension.ts';
import { UserBadges } from './user-badges.tsx';

const giftStatus = {
  pending: messages.giftStatusPending,
  issued: messages.giftStatusIssued,
  rejected: messages.giftStatusRejected,
} as const;

const orMissing = (value: string | null) => value ?? '―';

const ledgerColumns: Column<AdminUserOverview['ledger'][number]>[] = [
  { header: '日時', cell: (entry) => formatPassbookTime(entry.createdAt) },
  {
    header: '内容',
    cell: (entry) => (
      <>
        {entry.memo}
        <span className="note">（{entry.reason}）</span>
      </>
    ),
  },
  { header: 'ポイント', cell: (entry) => formatSignedPoints(entry.points) },
];

function Suspension({ user }: { user: AdminUserOverview['user'] }) {
  const setSuspension = useSetUserSuspension();
  const [done, setDone] = useState('');
  const suspend = !user.isSuspended;
  const reason = useInlineForm({
    schema: suspensionBody,
    field: 'reason',
    input: (text) => ({ suspended: suspend, reason: text }),
    onValid: async (body) => {
      setDone('');
      try {
        await setSuspension.mutateAsync({ userId: user.id, body });
        reason.setText('');
        setDone(suspend ? messages.userSuspended : messages.userReinstated);
      } catch (failure) {
        reason.form.fail(failure instanceof ApiError ? failure.message : messages.updateFailed);
      }
    },
    onInvalid: () => setDone(''),
  });

  return (
    <TitledSection className="card" titleId="suspension-title" title="アカウント停止">
      <p>
        状態：{user.isSuspended ? `停止中（理由：${orMissing(user.banReason)}）` : '利用中'} ／
        ログイン中のセッション {user.activeSessions}件
      </p>
      <InlineForm
        id="suspension-reason"
        label={suspend ? '停止の理由' : '停止解除の理由'}
        hideLabel
        {...reason.props}
        buttonLabel={suspend ? '停止する' : '停止を解除する'}
        pending={setSuspension.isPending}
        tone={suspend ? 'danger' : 'primary'}
      >
        {done && (
          <p role="status" className="form-success">
            {done}
          </p>
        )}
      </InlineForm>
    </TitledSection>
  );
}

function Overview({ view }: { view: AdminUserOverview }) {
  const { user } = view;
  useDocumentTitle(`ユーザー：${user.email}`);
  const profile: [string, string][] = [
    ['ユーザーID', user.id],
    ['名前', user.name || '―'],
    ['保有ポイント', formatPoints(user.points)],
    ['電話番号認証', user.isVerified ? '済み' : '未認証'],
    ['登録日時', formatPassbookTime(user.createdAt)],
    ['最終ログイン', user.lastLoginAt ? formatPassbookTime(user.lastLoginAt) : '―'],
    ['生年月日', orMissing(user.birthDate)],
    ['性別', orMissing(user.gender)],
    ['住所', user.prefecture ? `${user.prefecture}${user.city ?? ''}` : '―'],
    ['職業', orMissing(user.occupation)],
    ['紹介コード', orMissing(user.referralCode)],
    ['紹介元コード', orMissing(user.referredBy)],
  ];
  return (
    <>
      <h1 className="page-title">
        {user.email} <UserBadges user={user} />
      </h1>
      <TitledSection className="card" titleId="profile-title" title="プロフィール">
        <dl className="definition-list">
          {profile.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </TitledSection>
      {!user.isWithdrawn && <Suspension user={user} />}
      <TitledSection className="card" titleId="ledger-title" title="ポイント履歴（新しい順・最大100件）">
        <DataTable
          label="ポイント履歴の表"
          columns={ledgerColumns}
          rows={view.ledger}
          rowKey={(entry) => entry.id}
          empty="まだポイントの履歴はありません。"
        />
      </TitledSection>
      <TitledSection className="card" titleId="gifts-title" title="ギフト申請">
        {view.giftRequests.length === 0 ? (
          <p className="note">{messages.exchangeHistoryEmpty}</p>
        ) : (
          <ul className="ad-list">
            {view.giftRequests.map((request) => (
              <li key={request.id} data-testid="user-gift-request">
                <p>
                  {request.giftType.toUpperCase()} {formatPoints(request.pointsUsed)}{' '}
                  <span className={`badge badge--${request.status}`}>{giftStatus[request.status]}</span>
                </p>
                <p className="note">申請：{formatExchangeTime(request.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
        <Link to="/admin/gifts">未処理のギフト申請へ</Link>
      </TitledSection>
      <TitledSection className="card" titleId="suspensions-title" title="停止・解除の履歴">
        {view.suspensions.length === 0 ? (
          <p className="note">履歴はありません。</p>
        ) : (
          <ul className="ad-list">
            {view.suspensions.map((entry) => (
              <li key={entry.id} data-testid="suspension-entry">
                <p>
                  {entry.action === 'suspend' ? '停止' : '停止解除'}：{entry.reason}
                </p>
                <p className="note">
                  {formatPassbookTime(entry.actedAt)} ／ {entry.actedBy}
                </p>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </>
  );
}

export default function AdminUserPage() {
  const { id = '' } = useParams();
  const query = useUserOverview(id);
  return (
    <div className="page">
      <p>
        <Link to="/admin/users">← ユーザー検索へ</Link>
      </p>
      <QueryContent query={query} errorMessage={messages.userInfoNotFound}>
        {(view) => <Overview view={view} />}
      </QueryContent>
    </div>
  );
}
