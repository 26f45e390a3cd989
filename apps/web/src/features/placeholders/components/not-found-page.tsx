import { messages } from '@quiz-points/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function NotFoundPage() {
  useDocumentTitle('ページが見つかりません');
  return (
    <div className="page">
      <h1 className="page-title">ページが見つかりません</h1>
      <p>{messages.notFound}</p>
      <p className="page-links">
        <Link to="/">トップページへ戻る</Link>
      </p>
    </div>
  );
}
