import { periodLabel } from '@quiz-points/shared';
import { and, asc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, advertiserBilling, invoices } from '../../db/schema.ts';
import type { PaymentProvider } from '../../services/payments/payment-provider.ts';

/** A failed charge is retried by the next runs, at most this many attempts in all. */
export const MAX_CHARGE_ATTEMPTS = 3;

export interface ChargePendingInvoicesOptions {
  db: Database;
  payments: PaymentProvider;
  registrationNumber: string;
}

/**
 * Step 2 of the monthly run, outside any transaction: charges every invoice still `charging` (new,
 * or left by a crash between step 1 and here) and retries `failed` ones, each with the invoice id
 * as the idempotency key, so the provider charges an invoice once however often this runs.
 */
export async function chargePendingInvoices({
  db,
  payments,
  registrationNumber,
}: ChargePendingInvoicesOptions) {
  const pending = await db
    .select({
      id: invoices.id,
      period: invoices.period,
      deliveries: invoices.deliveries,
      total: invoices.total,
      adTitle: ads.adTitle,
      customerId: advertiserBilling.providerCustomerId,
      paymentMethodId: advertiserBilling.paymentMethodId,
    })
    .from(invoices)
    .innerJoin(ads, eq(ads.id, invoices.adId))
    .leftJoin(advertiserBilling, eq(advertiserBilling.userId, invoices.advertiserId))
    .where(
      or(
        eq(invoices.status, 'charging'),
        and(eq(invoices.status, 'failed'), lt(invoices.chargeAttempts, MAX_CHARGE_ATTEMPTS)),
      ),
    )
    .orderBy(asc(invoices.createdAt));

  let charged = 0;
  let failed = 0;
  for (const invoice of pending) {
    await db
      .update(invoices)
      .set({ chargeAttempts: sql`${invoices.chargeAttempts} + 1` })
      .where(eq(invoices.id, invoice.id));
    try {
      if (!invoice.customerId || !invoice.paymentMethodId) throw new Error('no card on file');
      const providerInvoiceId = await payments.charge({
        customerId: invoice.customerId,
        paymentMethodId: invoice.paymentMethodId,
        amount: invoice.total,
        description: `クイズポイント 広告配信料 ${periodLabel(invoice.period)}分「${invoice.adTitle}」${invoice.deliveries}件`,
        registrationNumber,
        idempotencyKey: invoice.id,
      });
      await db
        .update(invoices)
        .set({ status: 'charged', providerInvoiceId, failureReason: null, chargedAt: new Date() })
        .where(and(eq(invoices.id, invoice.id), inArray(invoices.status, ['charging', 'failed'])));
      charged++;
    } catch (error) {
      // Another instance may have charged it meanwhile: never turn a charged invoice into failed.
      await db
        .update(invoices)
        .set({ status: 'failed', failureReason: error instanceof Error ? error.message : String(error) })
        .where(and(eq(invoices.id, invoice.id), ne(invoices.status, 'charged')));
      failed++;
    }
  }
  return { charged, failed };
}
