import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ads, invoices, users } from '../../db/schema.ts';
import { hasHold, withoutHold } from '../ads/ad-holds.ts';

/**
 * An invoice was paid (a charge or retry went through, or the provider's invoice-paid event): the
 * invoice is `charged`, and when none of its advertiser's invoices is left `failed`, the 'billing'
 * hold is lifted from their ads, in the caller's transaction (the advertiser's row locked first,
 * as recordChargeFailure does). Only a `charging` or `failed` invoice changes.
 * Answers whether this call marked it charged.
 */
export async function recordChargeSuccess(
  tx: Tx,
  { invoiceId, providerInvoiceId }: { invoiceId: string; providerInvoiceId: string },
): Promise<boolean> {
  const [invoice] = await tx
    .select({ advertiserId: invoices.advertiserId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice) return false;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, invoice.advertiserId)).for('update');
  const charged = await tx
    .update(invoices)
    .set({ status: 'charged', providerInvoiceId, failureReason: null, chargedAt: new Date() })
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, ['charging', 'failed'])))
    .returning({ id: invoices.id });
  if (charged.length === 0) return false;
  await liftBillingHoldIfSettled(tx, invoice.advertiserId);
  return true;
}

/**
 * Lifts the 'billing' hold from the advertiser's ads when none of their invoices is `failed`, nor
 * being retried after a failure (a retry that fails again would put the hold straight back).
 */
async function liftBillingHoldIfSettled(tx: Tx, advertiserId: string) {
  const [stillFailed] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.advertiserId, advertiserId),
        or(eq(invoices.status, 'failed'), and(eq(invoices.status, 'charging'), isNotNull(invoices.failedAt))),
      ),
    )
    .limit(1);
  if (stillFailed) return false;
  await tx
    .update(ads)
    .set({ holds: withoutHold('billing') })
    .where(and(eq(ads.advertiserId, advertiserId), hasHold('billing')));
  return true;
}
