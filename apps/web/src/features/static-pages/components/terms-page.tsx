import { StaticPage } from '../../../components/ui/static-page.tsx';

export default function TermsPage() {
  return (
    <StaticPage title="利用規約">
      <section>
        <h2>第1条（サービスの概要）</h2>
        <p>placeholder</p>
      </section>
    </StaticPage>
  );
}
