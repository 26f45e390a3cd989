import {
  type AdvertiserDashboard,
  type DashboardAd,
  dailyBudgetMessages,
  formatNumber,
  formatYen,
} from '@quiz-points/shared';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { ShareBar } from '../../../components/ui/share-bar.tsx';
import { AdStateBadge } from './ad-status-badge.tsx';

export const percent = (rate: number | null) => (rate === null ? '―' : `${Math.round(rate * 1000) / 10}%`);
export const count = (value: number) => `${formatNumber(value)}件`;
export const slashDate = (day: string) => day.replaceAll('-', '/');
/** Yen per answer, to the yen (the figure itself is exact). */
export const perAnswer = (yen: number | null) => (yen === null ? '―' : formatYen(Math.round(yen)));

const number = 'cell-number';

/** The ad's name, where it stands, and its report over the range shown. */
function AdCell({ ad, dashboard }: { ad: DashboardAd; dashboard: AdvertiserDashboard }) {
  return (
    <>
      <Link to={`/advertiser/ads/${ad.adId}/report?from=${dashboard.from}&to=${dashboard.to}`}>
        {ad.adTitle}
      </Link>
      <br />
      <AdStateBadge ad={ad} today={dashboard.today} />
    </>
  );
}

/** Deliveries against the cap, as words and a bar (the words are what a screen reader reads). */
function CapCell({ ad }: { ad: DashboardAd }) {
  const pacing = ad.pacing;
  if (!pacing) return <>―</>;
  const share = pacing.maxDeliveries === 0 ? 0 : Math.min(1, pacing.delivered / pacing.maxDeliveries);
  return (
    <>
      {formatNumber(pacing.delivered)} / {formatNumber(pacing.maxDeliveries)}件
      <ShareBar share={share} className="pacing-bar" height={6} near={share >= 0.8} />
    </>
  );
}

/** The pace of the last days and the day it stops at that pace (its cap, or its window's end). */
function PaceCell({ ad }: { ad: DashboardAd }) {
  const pacing = ad.pacing;
  if (!pacing) return <>―</>;
  const pace =
    pacing.perDay === null ? '未配信' : `${formatNumber(Math.round(pacing.perDay * 10) / 10)}件/日`;
  const end = pacing.projectedEnd;
  return (
    <>
      {pace}
      <br />
      {end ? `${slashDate(end.date)}に${end.by === 'cap' ? '上限到達' : '期間終了'}見込み` : '―'}
    </>
  );
}

/** Today's deliveries against the daily budget, or today's alone without one. */
function TodayCell({ ad }: { ad: DashboardAd }) {
  const pacing = ad.pacing;
  if (!pacing) return <>―</>;
  if (pacing.dailyBudget === null) return <>{formatNumber(pacing.deliveredToday)}件（上限なし）</>;
  return (
    <>
      {formatNumber(pacing.deliveredToday)} / {formatNumber(pacing.dailyBudget)}件
      {pacing.deliveredToday >= pacing.dailyBudget && (
        <>
          <br />
          {dailyBudgetMessages.reachedToday}
        </>
      )}
    </>
  );
}

function daysLeft(ad: DashboardAd) {
  const days = ad.pacing?.daysLeft;
  return days === undefined || days === null ? '―' : `${days}日`;
}

/**
 * Each ad's figures over the range (each its report's) and, with `pacing`, where it stands against
 * its cap and window and when it stops at its recent pace.
 */
export function AdFiguresTable({
  dashboard,
  pacing = true,
  label,
}: {
  dashboard: AdvertiserDashboard;
  pacing?: boolean;
  label: string;
}) {
  const columns: Column<DashboardAd>[] = [
    { header: '広告', cell: (ad) => <AdCell ad={ad} dashboard={dashboard} />, className: 'cell-title' },
    { header: '配信数', cell: (ad) => count(ad.deliveries), className: number },
    { header: '回答数', cell: (ad) => count(ad.answers), className: number },
    { header: '正答率', cell: (ad) => percent(ad.correctRate), className: number },
    { header: '利用金額（税抜）', cell: (ad) => formatYen(ad.spend.amount), className: number },
    { header: '回答単価', cell: (ad) => perAnswer(ad.costPerAnswer), className: number },
    ...(pacing
      ? [
          { header: '配信数 / 上限（累計）', cell: (ad: DashboardAd) => <CapCell ad={ad} /> },
          { header: '本日 / 1日の上限', cell: (ad: DashboardAd) => <TodayCell ad={ad} /> },
          { header: '期間の残り', cell: daysLeft, className: number },
          { header: 'ペースと終了見込み', cell: (ad: DashboardAd) => <PaceCell ad={ad} /> },
        ]
      : [
          {
            header: '利用金額（税込）',
            cell: (ad: DashboardAd) => formatYen(ad.spend.total),
            className: number,
          },
        ]),
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={dashboard.ads}
      rowKey={(ad) => ad.adId}
      empty="この期間の配信と、配信中の広告はありません。"
    />
  );
}
