import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const audienceText = {
  user: 'この画面はGoogleアカウントでログインした方がご利用いただけます。ログイン機能は現在準備中です。',
  advertiser:
    'この画面は広告主アカウントでログインした方がご利用いただけます。広告主ログインは現在準備中です。',
  admin: 'この画面は運営者のみご利用いただけます。',
} as const;

/** An honest page for a screen that is not open yet. */
export function ComingSoonPage({ title, audience }: { title: string; audience: keyof typeof audienceText }) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      <div className="card notice" role="status">
        <p>{audienceText[audience]}</p>
      </div>
      <p className="page-links">
        <Link to={audience === 'advertiser' ? '/advertiser' : '/'}>トップページへ戻る</Link>
        <Link to="/demo">デモを試す</Link>
      </p>
    </div>
  );
}
