import { type DashboardAlert, formatNumber, NEAR_CAP_SHARE } from '@quiz-points/shared';
import { Link } from 'react-router';
import { slashDate } from './ad-figures-table.tsx';
import { PaymentFailedBanner } from './payment-failed-banner.tsx';

type Tone = 'error' | 'warning' | 'info';

/** What an alert says, how loud, and the page that fixes it. */
function describe(alert: AdAlert): { tone: Tone; text: string; fix: { to: string; label: string } } {
  const manage = (adId: string, label: string) => ({ to: `/advertiser/ads-status#ad-${adId}`, label });
  switch (alert.kind) {
    case 'rejected':
      return {
        tone: 'error',
        text: `「${alert.adTitle}」は審査で却下されました。`,
        fix: { to: `/advertiser/edit-ad/${alert.adId}`, label: '修正して再申請' },
      };
    case 'atCap':
      return {
        tone: 'warning',
        text: `「${alert.adTitle}」は配信上限（${formatNumber(alert.maxDeliveries)}件）に達したため停止しました。`,
        fix: manage(alert.adId, '上限を変更する'),
      };
    case 'nearCap':
      return {
        tone: 'warning',
        text: `「${alert.adTitle}」は配信上限の${NEAR_CAP_SHARE * 100}%を超えました（${formatNumber(alert.delivered)} / ${formatNumber(alert.maxDeliveries)}件）。`,
        fix: manage(alert.adId, '上限を変更する'),
      };
    case 'dailyBudgetReached':
      return {
        tone: 'info',
        text: `「${alert.adTitle}」は本日の配信上限（${formatNumber(alert.dailyBudget)}件）に達しました。日本時間の0時から配信を再開します。`,
        fix: manage(alert.adId, '1日の上限を変更する'),
      };
    case 'windowEnding':
      return {
        tone: 'warning',
        text: `「${alert.adTitle}」の配信期間は${slashDate(alert.endDate)}で終わります（残り${alert.daysLeft}日）。`,
        fix: manage(alert.adId, '広告を確認する'),
      };
    case 'inReview':
      return {
        tone: 'info',
        text: `審査中の広告が${alert.ads}件あります。1〜2営業日以内に結果をメールでお知らせします。`,
        fix: { to: '/advertiser/ads-status', label: '広告を管理' },
      };
  }
}

type AdAlert = Exclude<DashboardAlert, { kind: 'paymentFailed' }>;

/**
 * What needs the advertiser now, each with a link to the page that fixes it. A failed
 * payment is the console's own banner (every invoice, and the card page), as on the other pages.
 */
export function DashboardAlerts({ alerts }: { alerts: DashboardAlert[] }) {
  const paymentFailed = alerts.some((alert) => alert.kind === 'paymentFailed');
  const others = alerts.filter((alert): alert is AdAlert => alert.kind !== 'paymentFailed');
  if (!paymentFailed && others.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-alerts-title">
      <h2 id="dashboard-alerts-title" className="visually-hidden">
        お知らせと対応が必要なこと
      </h2>
      {paymentFailed && <PaymentFailedBanner />}
      {others.length > 0 && (
        <ul className="alert-list" data-testid="dashboard-alerts">
          {others.map((alert) => {
            const { tone, text, fix } = describe(alert);
            const key = alert.kind === 'inReview' ? alert.kind : `${alert.kind}-${alert.adId}`;
            return (
              <li key={key} className={`alert-item alert-item--${tone}`}>
                <p>{text}</p>
                <Link className="button button--secondary button--small" to={fix.to}>
                  {fix.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
