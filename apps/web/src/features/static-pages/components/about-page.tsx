import { Link } from 'react-router';
import { StaticPage } from '../../../components/ui/static-page.tsx';
import { INQUIRY_FORM_URL } from '../../../lib/links.ts';

export default function AboutPage() {
  return (
    <StaticPage title="運営者情報">
      <dl className="definition-list">
        <dt>運営者名</dt>
        <dd>株式会社クイズポイント</dd>
        <dt>代表者</dt>
        <dd>代表取締役 山田 太郎</dd>
        <dt>所在地</dt>
        <dd>〒150-0002 東京都渋谷区渋谷2-1-1 クイズポイントビル5階</dd>
        <dt>事業内容</dt>
        <dd>
          ポイントサービス「クイズポイント」の企画・運営
          <br />
          クイズ型広告の企画・販売および配信
        </dd>
        <dt>設立</dt>
        <dd>2025年4月</dd>
        <dt>お問い合わせ</dt>
        <dd>
          <a href={INQUIRY_FORM_URL} target="_blank" rel="noopener noreferrer">
            お問い合わせフォーム
          </a>
        </dd>
      </dl>
      <p className="note">
        お問い合わせへの回答は、原則としてメールでお送りします。内容によっては回答までにお時間をいただく場合があります。広告の掲載をご検討の方は、
        <Link to="/advertiser">広告掲載をご希望の方へ</Link>
        のページもご覧ください。
      </p>
    </StaticPage>
  );
}
