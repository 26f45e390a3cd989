/**
 * The last article of both terms (the member's and the advertiser's): Japanese law, and the court
 * for a dispute with `party`. One text, so the court named never differs between the two.
 */
export function GoverningLawArticle({ number, party }: { number: number; party: '利用者' | '広告主' }) {
  return (
    <section>
      <h2>{`第${number}条（準拠法および管轄裁判所）`}</h2>
      <ol>
        <li>本規約の解釈および適用は、日本法に準拠します。</li>
        <li>
          {`本サービスに関して当社と${party}との間に紛争が生じた場合、東京地方裁判所を第一審の専属的合意管轄裁判所とします。`}
        </li>
      </ol>
    </section>
  );
}
