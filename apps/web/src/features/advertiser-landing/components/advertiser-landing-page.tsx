import { Link } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { PageSection } from '../../../components/ui/titled-section.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  AdvertiserAccountSection,
  AdvertiserHome,
  AdvertiserSignUpSection,
} from '../../advertisers/index.ts';
import { useMe } from '../../auth/index.ts';
import { MaterialsRequestForm } from './materials-request-form.tsx';

const features = [
  {
    title: '「伝わったか」がわかる',
    body: 'ユーザーは広告ページを30秒以上見たあと、内容に関するクイズに答えます。正答率で広告の理解度を確認できます。',
  },
  {
    title: '性別・年代でターゲティング',
    body: '男性・女性・その他、10代〜60代以上の年代から配信先を選べます。',
  },
  {
    title: '遷移1回ごとのシンプルな課金',
    body: '広告ページへの遷移1回ごとに課金。配信上限に達すると自動で停止するので、予算を超えません。',
  },
  { title: '審査は1〜2営業日', body: '入稿後、1〜2営業日以内に審査結果をメールでお知らせします。' },
];

/**
 * `/advertiser`: the marketing landing for visitors; a signed-in advertiser (or the admin placing
 * house ads) gets the console's dashboard there instead.
 */
export default function AdvertiserLandingPage() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (me?.role === 'advertiser' || me?.isAdmin) return <AdvertiserHome />;
  return <Landing />;
}

function Landing() {
  useDocumentTitle('広告主の方へ');
  return (
    <div className="advertiser-landing">
      <section className="hero hero--advertiser" aria-labelledby="advertiser-hero-title">
        <p className="hero__eyebrow">広告主の方へ</p>
        <h1 id="advertiser-hero-title" className="hero__title">
          見られるだけで終わらない、
          <br />
          理解される広告を。
        </h1>
        <p className="hero__lead">
          クイズポイントのクイズ広告は、ユーザーが広告ページをしっかり見て、クイズに答えるまでがセットです。
        </p>
      </section>

      <section className="section" aria-labelledby="advertiser-login-title">
        <AdvertiserAccountSection titleId="advertiser-login-title" />
      </section>

      <PageSection titleId="advertiser-features-title" title="クイズ広告の特長">
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="card">
              <h3>{feature.title}</h3>
              <p>{feature.body}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection titleId="pricing-title" title="料金">
        <div className="card">
          <p>
            1配信あたりの単価 ＝ ユーザー報酬 ＋ 基本料金 ＋
            ターゲティング追加料金（性別・年代・都道府県・職業・年収・婚姻状況・子どもの有無のうち、指定した項目ごとに1回分）
          </p>
          <p>お支払い総額 ＝ 単価 × 配信上限数 × 1.1（税込・1円未満切り捨て）</p>
          <p className="note">
            毎月末締め・翌月5日にカード決済。50円未満は翌月に繰り越します。詳しくは
            <Link to="/advertiser/terms">広告主利用規約</Link>をご覧ください。
          </p>
        </div>
      </PageSection>

      <AdvertiserSignUpSection />

      <PageSection titleId="materials-title" title="資料請求">
        <p>メールアドレスを入力すると、媒体資料をすぐにお送りします。</p>
        <MaterialsRequestForm />
      </PageSection>
    </div>
  );
}
