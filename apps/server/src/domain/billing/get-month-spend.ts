import { invoiceAmounts, japanClock, type MonthSpend } from '@quiz-points/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { adDeliveriesSince } from '../figures/ad-deliveries-since.ts';

/**
 * Month-to-date spend: each ad's deliveries since the start of this Japan-time month,
 * priced as the ad's invoice will price them on the 5th of the next month: the deliveries' unit
 * prices summed, and 10 % tax rounded per ad (one invoice per ad, invoiceAmounts). The account's
 * figures are the sums of its ads'. Amounts carried in from an earlier month are left to the invoice.
 * Read from the ads' per-day figures (the month's closed days rolled up, the open ones live).
 */
export async function getMonthSpend(db: Database, advertiserId: string, now: Date): Promise<MonthSpend> {
  const clock = japanClock(now);
  const since = `${clock.year}-${clock.month}-01`;
  // House ads are never billed (decision 012).
  const month = adDeliveriesSince({
    ads: sql`select id from ads where advertiser_id = ${advertiserId} and not is_house_ad`,
    since,
  });
  const rows = await queryRows<{
    adId: string;
    adTitle: string;
    deliveries: string | number;
    subtotal: string | number;
    unitPrice: number | null;
  }>(
    db,
    sql`select a.id as "adId", a.ad_title as "adTitle", m.deliveries, m.spend as subtotal,
               m.max_unit_price as "unitPrice"
        from (${month}) m join ads a on a.id = m.ad_id
        where m.deliveries > 0
        order by a.ad_title, a.id`,
  );

  const perAd = rows.map((row) => {
    const subtotal = Number(row.subtotal);
    const { tax, total } = invoiceAmounts(subtotal, 0);
    return {
      adId: row.adId,
      adTitle: row.adTitle,
      deliveries: Number(row.deliveries),
      unitPrice: row.unitPrice ?? 0,
      subtotal,
      tax,
      total,
    };
  });
  const add = (key: 'deliveries' | 'subtotal' | 'tax' | 'total') =>
    perAd.reduce((acc, row) => acc + row[key], 0);
  return {
    period: `${clock.year}${clock.month}`,
    ads: perAd,
    deliveries: add('deliveries'),
    subtotal: add('subtotal'),
    tax: add('tax'),
    total: add('total'),
  };
}
