import type { Me } from '@quiz-points/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function UserHome({ me, welcomeBonus }: { me: Me; welcomeBonus?: number }) {
  useDocumentTitle('ホーム');
  return (
    <div className="page user-home">
      <h1 className="visually-hidden">ホーム</h1>
      {welcomeBonus !== undefined && welcomeBonus > 0 && (
        <p role="status" className="card notice form-success">
          登録ボーナス {welcomeBonus} Pt を獲得しました！
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
      <section className="card points-card" aria-labelledby="points-title">
        <h2 id="points-title" className="points-card__label">
          保有ポイント
        </h2>
        <p className="points-card__value">
          <span data-testid="points">{me.points.toLocaleString('ja-JP')}</span> Pt
        </p>
        <Link to="/gift">ポイントを交換する</Link>
      </section>
      <section className="card" aria-labelledby="ads-title">
        <h2 id="ads-title">広告一覧</h2>
        <p>広告を見てクイズに答えると、ポイントがもらえます。広告一覧は準備中です。</p>
      </section>
    </div>
  );
}
