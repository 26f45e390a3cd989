import { formatYen, periodLabel } from '@quiz-points/shared';
import { Link } from 'react-router';
import { useOwnFailedCharges } from '../api/list-own-failed-charges.ts';

/**
 * The console's warning after a failed card charge: which invoices could not be paid,
 * that every ad is paused until they are, and where to register a new card (not shown on the card
 * page itself). Nothing while all is paid, or while the list is loading or unavailable.
 */
export function PaymentFailedBanner({ showCardLink = true }: { showCardLink?: boolean }) {
  const failed = useOwnFailedCharges();
  const charges = failed.data ?? [];
  if (charges.length === 0) return null;
  return (
    <div role="alert" className="card notice payment-failed" aria-labelledby="payment-failed-title">
      <h2 id="payment-failed-title" className="form-error">
        お支払いが確認できないため、広告の配信を停止しています
      </h2>
      <p>ご登録のカードで、次の配信料を決済できませんでした。</p>
      <ul>
        {charges.map((charge) => (
          <li key={charge.invoiceId}>
            {periodLabel(charge.period)}分「{charge.adTitle}」{formatYen(charge.total)}（税込）
          </li>
        ))}
      </ul>
      <p>新しいカードを登録すると、あらためて決済します。決済が完了すると配信を再開します。</p>
      {showCardLink && (
        <Link className="button button--wide" to="/advertiser/card-setup">
          カードを更新する
        </Link>
      )}
    </div>
  );
}
