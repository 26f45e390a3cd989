import { demoQuiz, formatPoints } from '@quiz-points/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { clientConfig } from '../../../lib/client-config.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DemoQuiz } from './demo-quiz.tsx';

export default function DemoPage() {
  useDocumentTitle('デモ体験');
  const total = clientConfig.adWaitSeconds;
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [quizOpen, setQuizOpen] = useState(false);
  const remaining = useCountdown(endsAt);
  const ready = endsAt !== null && remaining === 0;

  const openAd = () => {
    window.open('/demo/ad', '_blank', 'noopener');
    setEndsAt(Date.now() + total * 1000);
  };

  return (
    <div className="page demo-page">
      <h1 className="page-title">デモ体験</h1>
      <p className="page-lead">
        実際の流れを体験できます。デモでは本物のポイントは付与されません（正解
        {formatPoints(demoQuiz.correctPoints)}・不正解
        {formatPoints(demoQuiz.wrongPoints)}の表示のみ）。
      </p>
      {quizOpen ? (
        <DemoQuiz
          onRestart={() => {
            setQuizOpen(false);
            setEndsAt(null);
          }}
        />
      ) : (
        <section className="card ad-card" aria-labelledby="demo-ad-title">
          <p className="ad-card__provider">クイズポイント運営事務局</p>
          <h2 id="demo-ad-title" className="ad-card__title">
            【デモ広告】クイズポイントの遊び方
          </h2>
          <p className="ad-card__reward">
            正解で <strong>{formatPoints(demoQuiz.correctPoints)}</strong>
          </p>
          <ol className="demo-steps">
            <li>「広告ページを開く」を押すと、広告ページが新しいタブで開きます。</li>
            <li>{total}秒以上見たら、このタブに戻ってください。</li>
            <li>「クイズに挑戦する」からクイズに答えます。</li>
          </ol>
          <div className="ad-card__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={openAd}
              disabled={endsAt !== null && !ready}
            >
              広告ページを開く
            </button>
            <button type="button" className="button" disabled={!ready} onClick={() => setQuizOpen(true)}>
              クイズに挑戦する
            </button>
          </div>
          <Countdown
            remaining={endsAt === null ? total : remaining}
            total={total}
            started={endsAt !== null}
          />
        </section>
      )}
      <p className="page-links">
        <Link to="/">トップページへ戻る</Link>
      </p>
    </div>
  );
}
