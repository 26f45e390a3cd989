import { and, asc, eq } from 'drizzle-orm';
import { invoices } from '../../db/schema.ts';
import { type BillingServices, chargeInvoice, claimFailedInvoice } from './charge-invoice.ts';

/**
 * The advertiser's card changed (a new card through the card setup, or the provider's event): every
 * invoice of theirs that failed is charged again, each claimed first so that two card changes at once
 * charge it once. When the last one is paid, the 'billing' hold lifts (recordChargeSuccess).
 */
export async function retryFailedInvoices(services: BillingServices, advertiserId: string) {
  const failed = await services.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.advertiserId, advertiserId), eq(invoices.status, 'failed')))
    .orderBy(asc(invoices.createdAt));
  let charged = 0;
  let stillFailed = 0;
  for (const { id } of failed) {
    const attempt = await claimFailedInvoice(services.db, id);
    if (attempt === null) continue;
    const outcome = await chargeInvoice(services, id, attempt);
    if (outcome.status === 'charged') charged++;
    else stillFailed++;
  }
  return { charged, failed: stillFailed };
}
