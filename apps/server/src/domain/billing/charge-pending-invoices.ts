import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema.ts';
import { type BillingServices, chargeInvoice } from './charge-invoice.ts';
import { runWithConcurrency } from './run-with-concurrency.ts';

/** A failed charge is retried by the next runs, at most this many attempts in all. */
export const MAX_CHARGE_ATTEMPTS = 3;

/**
 * Charges in flight at once. The provider needs one call sequence per invoice (Stripe: about five
 * requests of a few hundred milliseconds each), so one at a time makes a month of 4,000 invoices
 * take hours against Stripe; eight keep Stripe's rate limit (100 requests a second live, 25 in
 * test mode) out of reach and the database pool free for the site.
 */
export const CHARGE_CONCURRENCY = 8;

export interface ChargePendingInvoicesOptions extends BillingServices {
  /** Charges in flight at once (CHARGE_CONCURRENCY unless given). */
  concurrency?: number;
}

/**
 * Step 2 of the monthly run, outside any transaction: charges every invoice still `charging` (new,
 * or left by a crash between step 1 and here) and retries `failed` ones, each with the invoice id
 * as the idempotency key, so the provider charges an invoice once however often this runs, and a
 * few at once (each invoice by one of them). A charge that fails here is handled as any failed
 * charge (chargeInvoice): the invoice `failed`, the advertiser's ads held, the advertiser mailed.
 */
export async function chargePendingInvoices({
  concurrency = CHARGE_CONCURRENCY,
  ...services
}: ChargePendingInvoicesOptions) {
  const { db } = services;
  const pending = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      or(
        eq(invoices.status, 'charging'),
        and(eq(invoices.status, 'failed'), lt(invoices.chargeAttempts, MAX_CHARGE_ATTEMPTS)),
      ),
    )
    .orderBy(asc(invoices.createdAt));

  let charged = 0;
  let failed = 0;
  await runWithConcurrency({
    items: pending,
    concurrency,
    async task(invoice) {
      const [counted] = await db
        .update(invoices)
        .set({ chargeAttempts: sql`${invoices.chargeAttempts} + 1` })
        .where(eq(invoices.id, invoice.id))
        .returning({ attempts: invoices.chargeAttempts });
      const outcome = await chargeInvoice(services, invoice.id, counted?.attempts ?? 1);
      if (outcome.status === 'charged') charged++;
      else failed++;
    },
  });
  return { charged, failed };
}
