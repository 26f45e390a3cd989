import {
  type AdminUserOverview,
  formatPoints,
  formatSignedPoints,
  type Gender,
  genderLabels,
  giftStatusLabels,
  ledgerReasonLabels,
  messages,
} from '@quiz-points/shared';
import { Link, useParams } from 'react-router';
import { DataTable, type TableSpec } from '../../../components/ui/data-table.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { formatExchangeTime, formatPassbookTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUserOverview } from '../api/get-user-overview.ts';
import { useSetUserSuspension } from '../api/set-user-suspension.ts';
import { OverviewPage, ProfileSection } from './overview-page.tsx';
import { SuspensionHistory, SuspensionSection } from './suspension-section.tsx';
import { UserBadges } from './user-badges.tsx';

const orMissing = (value: string | null) => value ?? '―';

const ledgerTable: TableSpec<AdminUserOverview['ledger'][number]> = {
  label: 'ポイント履歴の表',
  rowKey: (entry) => entry.id,
  empty: 'まだポイントの履歴はありません。',
  columns: [
    { header: '日時', cell: (entry) => formatPassbookTime(entry.createdAt) },
    { header: '種類', cell: (entry) => ledgerReasonLabels[entry.reason] },
    { header: '内容', cell: (entry) => entry.memo },
    { header: 'ポイント', cell: (entry) => formatSignedPoints(entry.points) },
  ],
};

function Suspension({ user }: { user: AdminUserOverview['user'] }) {
  const setSuspension = useSetUserSuspension();
  return (
    <SuspensionSection
      subject={user}
      mutation={setSuspension}
      title="アカウント停止"
      formId="suspension-reason"
      suspendedState="停止中"
      reasonLabel={{ suspend: '停止の理由', lift: '停止解除の理由' }}
      buttonLabel={{ suspend: '停止する', lift: '停止を解除する' }}
      doneText={(body) => (body.suspended ? messages.userSuspended : messages.userReinstated)}
    />
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
    ['性別', user.gender ? (genderLabels[user.gender as Gender] ?? user.gender) : '―'],
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
      <ProfileSection titleId="profile-title" title="プロフィール" rows={profile} />
      {!user.isWithdrawn && <Suspension user={user} />}
      <TitledSection className="card" titleId="ledger-title" title="ポイント履歴（新しい順・最大100件）">
        <DataTable {...ledgerTable} rows={view.ledger} />
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
                  <span className={`badge badge--${request.status}`}>{giftStatusLabels[request.status]}</span>
                </p>
                <p className="note">申請：{formatExchangeTime(request.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
        <Link to="/admin/gifts">未処理のギフト申請へ</Link>
      </TitledSection>
      <SuspensionHistory
        entries={view.suspensions}
        titleId="suspensions-title"
        title="停止・解除の履歴"
        testId="suspension-entry"
        actionLabel={{ suspend: '停止', lift: '停止解除' }}
        when={formatPassbookTime}
      />
    </>
  );
}

export default function AdminUserPage() {
  const { id = '' } = useParams();
  const query = useUserOverview(id);
  return (
    <OverviewPage
      backTo="/admin/users"
      backLabel="← ユーザー検索へ"
      query={query}
      errorMessage={messages.userInfoNotFound}
    >
      {(view) => <Overview view={view} />}
    </OverviewPage>
  );
}
