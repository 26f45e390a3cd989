import { Link } from 'react-router';
import { StaticPage } from '../../../components/ui/static-page.tsx';
import { invoiceIssuer } from './invoice-issuer.ts';

export default function AdvertiserLegalPage() {
  const issuer = invoiceIssuer();
  return (
    <StaticPage
      title="特定商取引法に基づく表記"
      lead={<p>クイズ広告の配信サービス（広告主向け）に関する、特定商取引法に基づく表記です。</p>}
    >
      <table>
        <tbody>
          <tr>
            <th scope="row">販売事業者</th>
            <td>{issuer.name}</td>
          </tr>
          <tr>
            <th scope="row">運営責任者</th>
            <td>山田 太郎</td>
          </tr>
          <tr>
            <th scope="row">所在地</th>
            <td>〒150-0002 東京都渋谷区渋谷2-1-1 クイズポイントビル5階</td>
          </tr>
          <tr>
            <th scope="row">電話番号</th>
            <td>請求があった場合には遅滞なく開示いたします。</td>
          </tr>
          <tr>
            <th scope="row">メールアドレス</th>
            <td>ads@quiz-points.example</td>
          </tr>
          <tr>
            <th scope="row">販売価格</th>
            <td>
              <p>
                1配信あたりの単価は、ユーザー報酬＋基本料金＋ターゲティング追加料金です。ターゲティング追加料金は、性別・年代・都道府県・職業・年収・婚姻状況・子どもの有無のうち、指定した項目ごとに1回分加算されます。
              </p>
              <p>
                配信上限数まで配信された場合の総額は、1配信あたりの単価×配信上限数×1.1（消費税込み、1円未満切り捨て）です。各料金の額と総額は、お申込みの前に広告作成画面に表示します。
              </p>
            </td>
          </tr>
          <tr>
            <th scope="row">商品代金以外の必要料金</th>
            <td>ありません。なお、インターネット接続に必要な通信料等はお客様のご負担となります。</td>
          </tr>
          <tr>
            <th scope="row">支払方法</th>
            <td>クレジットカード（決済代行事業者を通じて決済します）</td>
          </tr>
          <tr>
            <th scope="row">支払時期</th>
            <td>
              毎月末日に締め、翌月5日に前月の配信分をご登録のクレジットカードで決済します。配信1回ごとに課金し、消費税は1円未満を四捨五入します。請求額が50円未満の月は、翌月に繰り越します。
            </td>
          </tr>
          <tr>
            <th scope="row">役務の提供時期</th>
            <td>
              審査で承認された時点から、直ちに配信を開始します。審査の結果は、原則として入稿から1〜2営業日以内にメールでお知らせします。
            </td>
          </tr>
          <tr>
            <th scope="row">返品・キャンセル</th>
            <td>
              役務の性質上、配信済みの分についての返金およびキャンセルはお受けできません。広告の管理画面から配信を終了すると、それ以降の課金は発生しません。
            </td>
          </tr>
          <tr>
            <th scope="row">適格請求書発行事業者登録番号</th>
            <td data-testid="registration-number">{issuer.registrationNumber}</td>
          </tr>
        </tbody>
      </table>
      <p className="note">
        ご利用条件の詳細は、<Link to="/advertiser/terms">広告主利用規約</Link>
        をご確認ください。
      </p>
    </StaticPage>
  );
}
