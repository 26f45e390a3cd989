import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The demo advertiser page, opened in a new tab from the demo. */
export default function DemoAdPage() {
  useDocumentTitle('デモ広告');
  return (
    <article className="page demo-ad">
      <p className="demo-ad__label">デモ広告</p>
      <h1 className="page-title">クイズポイントの遊び方</h1>
      <section className="card">
        <h2>ポイントがもらえるのはいつ？</h2>
        <p>
          クイズポイントでは、<strong>広告ページを30秒以上見てクイズに回答したとき</strong>
          にポイントがもらえます。広告ページを開いただけではポイントはもらえません。
        </p>
      </section>
      <section className="card">
        <h2>正解するとポイント満額</h2>
        <p>正解すると広告ごとに決められたポイントが満額もらえます。不正解でも少しだけもらえます。</p>
      </section>
      <section className="card">
        <h2>たまったら交換</h2>
        <p>1,000ポイントからAmazonギフトカードに交換できます。</p>
      </section>
      <p className="note">見終わったら、このタブを閉じて元のタブに戻り、クイズに挑戦してください。</p>
    </article>
  );
}
