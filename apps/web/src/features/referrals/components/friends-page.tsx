import { type Me, messages } from '@quiz-points/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../../components/ui/loading.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequireUser } from '../../auth/components/require-user.tsx';
import { useReferrals } from '../api/get-referrals.ts';

const dateFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium' });

function Friends() {
  useDocumentTitle('友達紹介');
  const { data, isPending, isError } = useReferrals();
  const [qr, setQr] = useState('');
  const [copied, setCopied] = useState('');
  const link = data?.referralCode ? `${window.location.origin}/?ref=${data.referralCode}` : '';

  useEffect(() => {
    if (!link) return;
    void QRCode.toDataURL(link, { margin: 1, width: 200 }).then(setQr);
  }, [link]);

  if (isPending) return <Loading />;
  if (isError) {
    return (
      <p role="alert" className="form-error">
        {messages.loadFailed}
      </p>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('紹介リンクをコピーしました。');
    } catch {
      setCopied('コピーできませんでした。リンクを長押ししてコピーしてください。');
    }
  };

  return (
    <div className="page">
      <h1 className="page-title">友達紹介</h1>
      <section className="card">
        <h2>あなたの紹介リンク</h2>
        <p className="referral-link" data-testid="referral-link">
          {link}
        </p>
        <button type="button" className="button" onClick={copy}>
          リンクをコピー
        </button>
        <p role="status" className="form-success">
          {copied}
        </p>
        {qr && <img src={qr} width={200} height={200} alt="紹介リンクのQRコード" className="referral-qr" />}
      </section>
      <section className="card">
        <h2>紹介のルール</h2>
        <ul>
          <li>
            紹介リンクから登録したお友達が電話番号認証を完了すると、お友達とあなたにそれぞれ50
            Ptを差し上げます。
          </li>
          <li>同一人物による複数登録や、過去に退会したメールアドレス・電話番号での登録は対象外です。</li>
          <li>不正な紹介が確認された場合、ポイントを没収し、アカウントを停止します。</li>
        </ul>
      </section>
      <section className="card">
        <h2>紹介したお友達</h2>
        {data.referrals.length === 0 ? (
          <p>まだ紹介したお友達はいません。</p>
        ) : (
          <ul className="referral-list">
            {data.referrals.map((referral) => (
              <li key={referral.joinedAt}>
                {dateFormat.format(new Date(referral.joinedAt))} 登録 ―{' '}
                {referral.status === 'granted' ? '50 Pt 付与済み' : '電話番号認証待ち'}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function FriendsGate({ me }: { me: Me }) {
  if (!me.isVerified)
    return <Navigate to="/sms-verification" replace state={{ notice: messages.friendsNeedPhone }} />;
  return <Friends />;
}

export default function FriendsPage() {
  return <RequireUser>{(me) => <FriendsGate me={me} />}</RequireUser>;
}
