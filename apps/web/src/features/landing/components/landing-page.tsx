import { MINIMUM_AGE } from '@quiz-points/shared';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
// The first page's chunk takes auth's parts by file (home-page.tsx says why).
// biome-ignore lint/style/noRestrictedImports: the first page's JavaScript budget
import { GoogleSignInButton } from '../../auth/components/google-sign-in-button.tsx';

// The FAQ sits below the fold; its code arrives beside the first download, keeping that within
// budget (docs/performance.md). The pre-rendered page holds its text, and waits for its code before
// hydrating, so a question clicked at once opens.
const { Component: FaqAccordion, preload: preloadFaqAccordion } = lazyWithPreload(() =>
  import('./faq-accordion.tsx').then((module) => ({ default: module.FaqAccordion })),
);

export { preloadFaqAccordion };

const steps = [
  {
    title: 'Googleでログイン',
    body: 'Googleアカウントでかんたんに登録できます。プロフィールを入力すると、あなたに合った広告が増えます。',
  },
  {
    title: '広告ページを30秒見る',
    body: '広告一覧から選ぶと、広告ページが新しいタブで開きます。30秒以上じっくり見てください。',
  },
  {
    title: 'クイズに1問答える',
    body: '元のタブに戻って、広告の内容に関するクイズに回答。正解すると満額のポイントがもらえます。',
  },
  {
    title: 'ギフトカードに交換',
    body: '1ポイント＝1円。1,000ポイントからAmazonギフトカードに交換できます。',
  },
];

/** The way in, with who may use the service; the page offers it at the top and again at the end. */
const SignUp = () => (
  <>
    <GoogleSignInButton />
    <p className="hero__age-notice">※ご利用は{MINIMUM_AGE}歳以上の方に限ります。</p>
  </>
);

// The sections below are written out rather than built with PageSection (components/ui/titled-section.tsx):
// that cost this first page about 35 bytes gzip of the little its JavaScript budget has left.
export function LandingPage({ notice }: { notice?: string }) {
  useDocumentTitle('広告を見てクイズに答えてポイントをためよう');
  return (
    <div className="landing">
      {notice && (
        <div role="alert" className="card notice landing__notice">
          {notice.split('\n').map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__eyebrow">見て、答えて、たまる。</p>
        <h1 id="hero-title" className="hero__title">
          広告を見てクイズに答えるだけで
          <br />
          ポイントがたまる
        </h1>
        <p className="hero__lead">
          30秒の広告閲覧と1問のクイズで、毎日コツコツ。たまったポイントはギフトカードに交換できます。
        </p>
        <div className="hero__actions">
          <SignUp />
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section__title">
          かんたん4ステップ
        </h2>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="steps__title">
                <span className="visually-hidden">ステップ{index + 1}：</span>
                {step.title}
              </h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section section--demo" aria-labelledby="demo-title">
        <h2 id="demo-title" className="section__title">
          まずはデモで体験
        </h2>
        <p>
          ログインしなくても、広告の閲覧からクイズの回答までの流れを試せます（デモではポイントは付与されません）。
        </p>
        <Link to="/demo" className="button button--secondary">
          デモを試す
        </Link>
      </section>

      <section className="section" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section__title">
          よくある質問
        </h2>
        <Suspense fallback={<p role="status">読み込み中…</p>}>
          <FaqAccordion />
        </Suspense>
      </section>

      <section className="section section--cta" aria-labelledby="cta-title">
        <h2 id="cta-title" className="section__title">
          さっそく始めよう
        </h2>
        <SignUp />
      </section>
    </div>
  );
}
