import { invoiceAmounts, japanClock, japanMonthStart, type MonthSpend } from '@quiz-points/shared';
import { and, count, eq, gte, max, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adDeliveries, ads } from '../../db/schema.ts';

/**
 * Month-to-date spend (issue 17): each ad's deliveries since the start of this Japan-time month,
 * priced as the ad's invoice will price them on the 5th of the next month: the deliveries' unit
 * prices summed, and 10 % tax rounded per ad (one invoice per ad, invoiceAmounts). The account's
 * figures are the sums of its ads'. Amounts carried in from an earlier month are left to the invoice.
 */
export async function getMonthSpend(db: Database, advertiserId: string, now: Date): Promise<MonthSpend> {
  const clock = japanClock(now);
  const start = japanMonthStart(Number(clock.year), Number(clock.month));
  const rows = await db
    .select({
      adId: ads.id,
      adTitle: ads.adTitle,
      deliveries: count(),
      subtotal: sum(adDeliveries.unitPrice).mapWith(Number),
      unitPrice: max(adDeliveries.unitPrice),
    })
    .from(adDeliveries)
    .innerJoin(ads, eq(ads.id, adDeliveries.adId))
    .where(
      and(
        eq(ads.advertiserId, advertiserId),
        gte(adDeliveries.deliveredAt, start),
        // House ads are never billed (decision 012).
        eq(ads.isHouseAd, false),
      ),
    )
    .groupBy(ads.id, ads.adTitle)
    .orderBy(ads.adTitle, ads.id);

  const perAd = rows.map((row) => {
    const subtotal = row.subtotal ?? 0;
    const { tax, total } = invoiceAmounts(subtotal, 0);
    return {
      adId: row.adId,
      adTitle: row.adTitle,
      deliveries: row.deliveries,
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
