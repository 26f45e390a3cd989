import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, advertiserBilling, invoices } from '../../db/schema.ts';

/** An advertiser's invoices (one per ad and month), newest month first. */
export async function listInvoicesOfAdvertiser(db: Database, advertiserId: string) {
  return db
    .select({
      id: invoices.id,
      period: invoices.period,
      adTitle: ads.adTitle,
      deliveries: invoices.deliveries,
      unitPrice: invoices.unitPrice,
      subtotal: invoices.subtotal,
      carriedIn: invoices.carriedIn,
      tax: invoices.tax,
      total: invoices.total,
      status: invoices.status,
      issuedAt: invoices.createdAt,
      chargedAt: invoices.chargedAt,
    })
    .from(invoices)
    .innerJoin(ads, eq(ads.id, invoices.adId))
    .where(eq(invoices.advertiserId, advertiserId))
    .orderBy(desc(invoices.period), ads.adTitle, invoices.id);
}

/** The same list found by the advertiser's payment-provider customer (the stand-in's invoice page). */
export async function listInvoicesOfCustomer(db: Database, customerId: string) {
  const [billing] = await db
    .select({ userId: advertiserBilling.userId })
    .from(advertiserBilling)
    .where(eq(advertiserBilling.providerCustomerId, customerId));
  if (!billing) return null;
  return listInvoicesOfAdvertiser(db, billing.userId);
}
