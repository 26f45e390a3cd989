import { formatNumber, GIFT_CODE_LOW_STOCK } from '@quiz-points/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminSummary } from '../api/get-admin-summary.ts';
import { adminPages } from './admin-pages.ts';

export default function AdminHubPage() {
  useDocumentTitle('管理画面');
  const { data } = useAdminSummary();
  const duties = adminPages.map((page) => ({ ...page, waiting: page.waiting && data?.[page.waiting] }));
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
                // Highlighted only while something waits: nothing to do reads as quiet.
                <span className={duty.waiting > 0 ? 'badge badge--pending' : 'badge'}>
                  未処理 {duty.waiting}件
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
