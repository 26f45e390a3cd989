import { JAPAN_TIME_ZONE, messages, type ReferralsView } from '@quiz-points/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequireVerifiedPhone } from '../../auth/index.ts';
import { useReferrals } from '../api/get-referrals.ts';

/** What a share says before the link. */
const shareText =
  'クイズに答えてポイントがたまる「クイズポイント」。このリンクから登録して電話番号認証をすると50 Ptもらえます。';

const dateFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: JAPAN_TIME_ZONE, dateStyle: 'medium' });

function Friends({ data }: { data: ReferralsView }) {
  const [qr, setQr] = useState('');
  const [copied, setCopied] = useState('');
  const link = data.referralCode ? `${window.location.origin}/?ref=${data.referralCode}` : '';
  // The Web Share API (phones, some desktops) opens the system's share sheet; LINE and copy always work.
  const canShare = typeof navigator.share === 'function';

  useEffect(() => {
    if (!link) return;
    void QRCode.toDataURL(link, { margin: 1, width: 200 }).then(setQr);
  }, [link]);

  const share = async () => {
    try {
      await navigator.share({ title: 'クイズポイント', text: shareText, url: link });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        setCopied('共有できませんでした。LINEで送るか、リンクをコピーしてください。');
      }
    }
  };

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
        <div className="share-actions">
          {canShare && (
            <button type="button" className="button" onClick={share}>
              シェアする
            </button>
          )}
          <a
            className="button button--line"
            href={`https://line.me/R/share?text=${encodeURIComponent(`${shareText}\n${link}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            LINEで送る
          </a>
          <button type="button" className="button button--secondary" onClick={copy}>
            リンクをコピー
          </button>
        </div>
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

export default function FriendsPage() {
  useDocumentTitle('友達紹介');
  return (
    <RequireVerifiedPhone notice={messages.friendsNeedPhone}>{() => <Referrals />}</RequireVerifiedPhone>
  );
}

function Referrals() {
  const query = useReferrals();
  return <QueryContent query={query}>{(data) => <Friends data={data} />}</QueryContent>;
}
