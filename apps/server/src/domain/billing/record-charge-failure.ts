import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ads, invoices, users } from '../../db/schema.ts';
import { hasHold, withHold } from '../ads/ad-holds.ts';

/** What the advertiser is told about an invoice that failed to charge for the first time. */
export interface ChargeFailureNotice {
  to: string;
  adTitle: string;
  period: string;
  total: number;
}

/**
 * An invoice's charge failed (the monthly run's own attempt, a retry, or the provider's
 * payment-failed event): the invoice is `failed` with the reason, and every ad of its advertiser
 * gets the 'billing' hold, in the caller's transaction. Only a `charging` or `failed` invoice
 * changes (a charged one never turns failed). The advertiser's row is locked first, so holds
 * added here and lifted by recordChargeSuccess never interleave.
 * Returns the mail to send when the invoice failed for the first time, so however many paths report
 * the same failure, the advertiser is mailed once.
 */
export async function recordChargeFailure(
  tx: Tx,
  { invoiceId, reason }: { invoiceId: string; reason: string },
): Promise<ChargeFailureNotice | null> {
  const [invoice] = await tx
    .select({ advertiserId: invoices.advertiserId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const [advertiser] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, invoice.advertiserId))
    .for('update');
  const [before] = await tx
    .select({ failedAt: invoices.failedAt })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, ['charging', 'failed'])))
    .for('update');
  if (!before) return null;
  const [failed] = await tx
    .update(invoices)
    .set({ status: 'failed', failureReason: reason, failedAt: sql`coalesce(${invoices.failedAt}, now())` })
    .where(eq(invoices.id, invoiceId))
    .returning({ period: invoices.period, total: invoices.total, adId: invoices.adId });
  await tx
    .update(ads)
    .set({ holds: withHold('billing') })
    .where(and(eq(ads.advertiserId, invoice.advertiserId), not(hasHold('billing'))));
  if (before.failedAt !== null || !failed || !advertiser) return null;
  const [ad] = await tx.select({ adTitle: ads.adTitle }).from(ads).where(eq(ads.id, failed.adId));
  return { to: advertiser.email, adTitle: ad?.adTitle ?? '', period: failed.period, total: failed.total };
}
