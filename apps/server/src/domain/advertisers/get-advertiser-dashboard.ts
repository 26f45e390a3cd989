import {
  type AdHold,
  type AdvertiserDashboard,
  type AdvertiserDashboardQuery,
  addDays,
  adHolds,
  consumptionTax,
  type DashboardAd,
  type DashboardAlert,
  DEFAULT_DASHBOARD_RANGE,
  dashboardDays,
  eachDay,
  japanIsoDate,
  NEAR_CAP_SHARE,
  PACE_DAYS,
  WINDOW_ENDING_DAYS,
} from '@quiz-points/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { japanDate } from '../../db/japan-time-sql.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ads } from '../../db/schema.ts';
import { listOwnFailedCharges } from '../billing/list-failed-charges.ts';
import { adDeliveriesSince } from '../figures/ad-deliveries-since.ts';
import { computeAdDayDeliveries } from '../figures/compute-ad-figures.ts';
import { adFiguresThrough, liveFrom, readAdsDayFigures } from '../figures/read-ad-day-figures.ts';
import { paceAd } from './ad-pacing.ts';
import { windowDates } from './ad-window.ts';

const isAdHold = (hold: string): hold is AdHold => (adHolds as readonly string[]).includes(hold);
const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

interface Counts {
  deliveries: number;
  answers: number;
  correct: number;
  spend: number;
}
const noCounts = (): Counts => ({ deliveries: 0, answers: 0, correct: 0, spend: 0 });
const add = (into: Counts, row: Counts) => {
  into.deliveries += row.deliveries;
  into.answers += row.answers;
  into.correct += row.correct;
  into.spend += row.spend;
};

/** The figures of a range as the reports give them: spend with its tax rounded once, per invoice. */
function figuresOf(counts: Counts, tax: number) {
  return {
    deliveries: counts.deliveries,
    answers: counts.answers,
    correct: counts.correct,
    correctRate: rate(counts.correct, counts.answers),
    spend: { amount: counts.spend, tax, total: counts.spend + tax },
    costPerAnswer: counts.answers === 0 ? null : counts.spend / counts.answers,
  };
}

/** Deliveries per ad of `adsQuery` from the Japan-time day `since` on (null: over its whole life). */
async function deliveriesSince(db: Executor, adsQuery: SQL, since: string | null) {
  const rows = await queryRows<{ adId: string; deliveries: string | number }>(
    db,
    sql`select ad_id::text as "adId", deliveries from (${adDeliveriesSince({ ads: adsQuery, since })}) u`,
  );
  return new Map(rows.map((row) => [row.adId, Number(row.deliveries)]));
}

/**
 * Deliveries per ad and Japan-time day of `adsQuery` from the day `since` on: the rolled-up days from
 * ad_day_figures, the rest live, by the reports' own definition of a delivery's day.
 */
async function deliveriesByDay(db: Executor, adsQuery: SQL, since: string) {
  const rows = await queryRows<{ adId: string; day: string; deliveries: string | number }>(
    db,
    sql`select f.ad_id::text as "adId", f.day::text as day, f.deliveries
        from ad_day_figures f join (${adsQuery}) a on a.id = f.ad_id
        where f.day >= ${since}::date and f.day <= ${adFiguresThrough}
        union all
        select ad_id::text, day::text, deliveries
        from (${computeAdDayDeliveries({ ads: adsQuery, from: liveFrom(sql`${since}::date`), until: sql`'infinity'::timestamptz` })}) live`,
  );
  return rows.map((row) => ({ ...row, deliveries: Number(row.deliveries) }));
}

/** The range a query asks for: named, two days, or the default. */
function rangeOf(query: AdvertiserDashboardQuery, now: Date) {
  if (query.from && query.to) return { range: 'custom' as const, from: query.from, to: query.to };
  const range = query.range ?? DEFAULT_DASHBOARD_RANGE;
  return { range, ...dashboardDays(range, now) };
}

/**
 * The advertiser's dashboard over a range of Japan-time days, across all their ads: the
 * figures of each ad over the range, read by the reports' own statement (readAdsDayFigures: the
 * closed days rolled up, the open ones live), so each ad's row is what its report says and every
 * total is the sum of the rows; the tax rounded per ad as its report and its invoices round it.
 * Then each approved ad's pacing (paceAd) and what needs the advertiser, each alert with the ad its
 * fix is about.
 */
export async function getAdvertiserDashboard(options: {
  db: Executor;
  advertiserId: string;
  /** The admin's house ads are never billed, so no payment can fail. */
  isAdmin: boolean;
  query: AdvertiserDashboardQuery;
  now?: Date;
}): Promise<AdvertiserDashboard> {
  const { db, advertiserId } = options;
  const now = options.now ?? new Date();
  const today = japanIsoDate(now);
  const { range, from, to } = rangeOf(options.query, now);
  // Drafts never deliver (decision 019).
  const ownAds = sql`select id from ads where advertiser_id = ${advertiserId} and status <> 'draft'`;
  // The pace's days (the last PACE_DAYS, today included) are read with the range's when it covers
  // them (the default 7 days does), else as their deliveries alone.
  const paceFrom = addDays(today, 1 - PACE_DAYS);
  const rangeCoversPace = from <= paceFrom && to >= today;
  const [adRows, dayRows, lifetime, paceDays, failed] = await Promise.all([
    db
      .select({
        id: ads.id,
        adTitle: ads.adTitle,
        status: ads.status,
        isActive: ads.isActive,
        holds: ads.holds,
        maxDeliveries: ads.maxDeliveries,
        dailyBudget: ads.dailyBudget,
        dailyBudgetReachedOn: ads.dailyBudgetReachedOn,
        startsAt: ads.startsAt,
        endsAt: ads.endsAt,
        createdAt: ads.createdAt,
        firstDeliveryDay: sql<string | null>`${japanDate(
          sql`(select min(d.delivered_at) from ad_deliveries d where d.ad_id = ${ads.id})`,
        )}`,
      })
      .from(ads)
      .where(and(eq(ads.advertiserId, advertiserId), ne(ads.status, 'draft'))),
    readAdsDayFigures({ db, ads: ownAds, from, to, audiences: false }),
    deliveriesSince(db, ownAds, null),
    rangeCoversPace ? null : deliveriesByDay(db, ownAds, paceFrom),
    options.isAdmin ? { failedCharges: [] } : listOwnFailedCharges(db, advertiserId),
  ]);

  const recent = new Map<string, number>();
  const todays = new Map<string, number>();
  for (const row of paceDays ?? dayRows) {
    if (row.day < paceFrom || row.day > today) continue;
    recent.set(row.adId, (recent.get(row.adId) ?? 0) + row.deliveries);
    if (row.day === today) todays.set(row.adId, row.deliveries);
  }

  const perAd = new Map<string, Counts>();
  const perDay = new Map<string, Counts>();
  for (const row of dayRows) {
    const ad = perAd.get(row.adId) ?? noCounts();
    add(ad, row);
    perAd.set(row.adId, ad);
    const day = perDay.get(row.day) ?? noCounts();
    add(day, row);
    perDay.set(row.day, day);
  }

  const total = noCounts();
  let totalTax = 0;
  const rows: { row: DashboardAd; createdAt: Date }[] = [];
  const alerts: DashboardAlert[] = [];
  const capAlerts: DashboardAlert[] = [];
  const windowAlerts: DashboardAlert[] = [];
  const budgetAlerts: DashboardAlert[] = [];
  for (const ad of adRows) {
    const counts = perAd.get(ad.id) ?? noCounts();
    const tax = consumptionTax(counts.spend);
    add(total, counts);
    totalTax += tax;
    const holds = ad.holds.filter(isAdHold);
    const window = windowDates(ad);
    const adRef = { adId: ad.id, adTitle: ad.adTitle };
    const approved = ad.status === 'approved';
    const pacing = approved
      ? paceAd(
          {
            delivered: lifetime.get(ad.id) ?? 0,
            maxDeliveries: ad.maxDeliveries,
            deliveredToday: todays.get(ad.id) ?? 0,
            dailyBudget: ad.dailyBudget,
            endDate: window.endDate,
            running: ad.isActive && holds.length === 0,
            recentDeliveries: recent.get(ad.id) ?? 0,
            firstDeliveryDay: ad.firstDeliveryDay,
          },
          today,
        )
      : null;
    if (ad.status === 'rejected') alerts.push({ kind: 'rejected', ...adRef });
    if (pacing) {
      const { delivered, maxDeliveries, daysLeft } = pacing;
      // Stopped at its cap lately: raising the limit starts it again. One stopped long ago is history.
      if (delivered >= maxDeliveries && (recent.get(ad.id) ?? 0) > 0)
        capAlerts.push({ kind: 'atCap', ...adRef, delivered, maxDeliveries });
      else if (ad.isActive && delivered < maxDeliveries && delivered >= maxDeliveries * NEAR_CAP_SHARE)
        capAlerts.push({ kind: 'nearCap', ...adRef, delivered, maxDeliveries });
      if (
        ad.isActive &&
        ad.dailyBudget !== null &&
        ad.dailyBudgetReachedOn === today &&
        delivered < maxDeliveries
      )
        budgetAlerts.push({ kind: 'dailyBudgetReached', ...adRef, dailyBudget: ad.dailyBudget });
      if (
        ad.isActive &&
        window.endDate &&
        daysLeft !== null &&
        daysLeft > 0 &&
        daysLeft <= WINDOW_ENDING_DAYS
      )
        windowAlerts.push({ kind: 'windowEnding', ...adRef, endDate: window.endDate, daysLeft });
    }
    const hasFigures = counts.deliveries > 0 || counts.answers > 0;
    if (!hasFigures && !(approved && ad.isActive)) continue;
    rows.push({
      row: {
        ...adRef,
        status: ad.status,
        isActive: ad.isActive,
        holds,
        ...window,
        dailyBudget: ad.dailyBudget,
        dailyBudgetReachedOn: ad.dailyBudgetReachedOn,
        ...figuresOf(counts, tax),
        pacing,
      },
      createdAt: ad.createdAt,
    });
  }

  const pending = adRows.filter((ad) => ad.status === 'pending').length;
  const charges = failed.failedCharges;
  return {
    range,
    from,
    to,
    today,
    totals: figuresOf(total, totalTax),
    days: eachDay(from, to).map((date) => {
      const day = perDay.get(date) ?? noCounts();
      return {
        date,
        deliveries: day.deliveries,
        answers: day.answers,
        correct: day.correct,
        spend: day.spend,
      };
    }),
    ads: rows
      .sort(
        (a, b) =>
          b.row.spend.amount - a.row.spend.amount ||
          b.row.deliveries - a.row.deliveries ||
          b.createdAt.getTime() - a.createdAt.getTime(),
      )
      .map(({ row }) => row),
    alerts: [
      ...(charges.length > 0
        ? [
            {
              kind: 'paymentFailed' as const,
              invoices: charges.length,
              total: charges.reduce((sum, charge) => sum + charge.total, 0),
            },
          ]
        : []),
      ...alerts,
      ...capAlerts,
      ...budgetAlerts,
      ...windowAlerts,
      ...(pending > 0 ? [{ kind: 'inReview' as const, ads: pending }] : []),
    ],
  };
}
