import type { Me } from '@quiz-points/shared';
import { formatNumber, formatPoints } from '@quiz-points/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { registerServiceWorker } from '../../../lib/register-service-worker.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignOut } from '../../auth/index.ts';
import { AdList, DailyQuizButton, Gacha } from '../../earning/index.ts';
import { NoticesCard } from '../../notices/index.ts';

export function UserHome({ me, welcomeBonus }: { me: Me; welcomeBonus?: number }) {
  useDocumentTitle('ホーム');
  useEffect(registerServiceWorker, []);
  return (
    <div className="page user-home">
      <h1 className="visually-hidden">ホーム</h1>
      {welcomeBonus !== undefined && welcomeBonus > 0 && (
        <p role="status" className="card notice form-success">
          登録ボーナス {formatPoints(welcomeBonus)} を獲得しました！
        </p>
      )}
      {!me.isVerified && (
        <div className="card notice sms-prompt">
          <p>電話番号認証をすると、ポイント交換と友達紹介が使えるようになります。</p>
          <Link to="/sms-verification" className="button button--secondary">
            電話番号を認証する
          </Link>
        </div>
      )}
      <TitledSection
        className="card points-card"
        titleId="points-title"
        titleClassName="points-card__label"
        title="保有ポイント"
      >
        <p className="points-card__value">
          <span data-testid="points">{formatNumber(me.points)}</span> Pt
        </p>
        <p className="points-card__streak" data-testid="streak">
          {me.streakDays > 0
            ? `${formatNumber(me.streakDays)}日連続でポイント獲得中`
            : '今日ポイントを獲得すると、連続獲得の記録が始まります'}
        </p>
        <p className="page-links page-links--center">
          <Link to="/gift">ポイントを交換する</Link>
          <Link to="/point-history">ポイント通帳</Link>
        </p>
      </TitledSection>
      <NoticesCard />
      <div className="daily-actions">
        <Gacha me={me} />
        <DailyQuizButton />
      </div>
      <AdList />
    </div>
  );
}

/**
 * Signs out someone who may not stay on `/` (SPEC §4: a suspended user, told why; an advertiser).
 * Loaded only then, so a visitor's first page carries none of the sign-out's code.
 */
export function LeaveSession({ notice }: { notice?: string }) {
  const signOut = useSignOut();
  const leaving = useRef(false);
  useEffect(() => {
    if (leaving.current) return;
    leaving.current = true;
    void signOut({ state: notice ? { notice } : undefined });
  }, [notice, signOut]);
  return <Loading />;
}
