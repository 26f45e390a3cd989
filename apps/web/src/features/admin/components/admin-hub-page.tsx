import { formatNumber, GIFT_CODE_LOW_STOCK } from '@quiz-points/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminSummary } from '../api/get-admin-summary.ts';

export default function AdminHubPage() {
  useDocumentTitle('管理画面');
  const { data } = useAdminSummary();
  const duties = [
    { to: '/admin/review', label: '広告審査', waiting: data?.pendingAds },
    { to: '/admin/gifts', label: 'ギフト申請', waiting: data?.pendingGifts },
    { to: '/admin/gift-codes', label: 'ギフトコード在庫' },
    { to: '/admin/create-quiz', label: 'デイリークイズ作成' },
    { to: '/admin/notices', label: 'お知らせ' },
    { to: '/admin/cloudworks', label: '報酬確認' },
    { to: '/admin/users', label: 'ユーザー検索・停止' },
    { to: '/admin/advertisers', label: '広告主・利用停止' },
    { to: '/admin/billing', label: '決済失敗' },
    { to: '/admin/numbers', label: '数値' },
    { to: '/admin/settings', label: '設定' },
  ];
  return (
    <div className="page">
      <h1 className="page-title">管理画面</h1>
      {data && data.lowGiftCodeStock.length > 0 && (
        <div role="status" className="card notice">
          <p>ギフトコードの在庫が残りわずかです（{GIFT_CODE_LOW_STOCK}件未満）。</p>
          <ul>
            {data.lowGiftCodeStock.map((row) => (
              <li key={`${row.giftType}/${row.amount}`}>
                {row.label} {formatNumber(row.amount)}円分：残り{formatNumber(row.available)}件
              </li>
            ))}
          </ul>
          <Link to="/admin/gift-codes">在庫を補充する</Link>
        </div>
      )}
      <ul className="feature-grid">
        {duties.map((duty) => (
          <li key={duty.to} className="card">
            <Link to={duty.to} className="admin-duty">
              {duty.label}
              {duty.waiting !== undefined && (
                <span className="badge badge--pending">未処理 {duty.waiting}件</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
