import type { BillingServices } from './charge-invoice.ts';
import { chargePendingInvoices } from './charge-pending-invoices.ts';
import { createMonthlyInvoices } from './create-monthly-invoices.ts';

export interface RunMonthlyBillingOptions extends BillingServices {
  /** The operator's name as the qualified invoices' issuer. */
  issuerName: string;
  now?: Date;
  /** Ads invoiced per transaction (create-monthly-invoices.ts's default unless given). */
  batchSize?: number;
}

/**
 * The monthly billing job (SPEC §9, SPEC-NOTES "Billing"): invoices for last month's deliveries
 * (Japan time), then the charges. Safe to run any number of times, on any number of instances, and
 * to stop at any point: the next run finishes what is left.
 */
export async function runMonthlyBilling({
  now = new Date(),
  issuerName,
  batchSize,
  ...services
}: RunMonthlyBillingOptions) {
  const issuer = { name: issuerName, registrationNumber: services.registrationNumber };
  const { period, created } = await createMonthlyInvoices({ db: services.db, now, issuer, batchSize });
  const { charged, failed } = await chargePendingInvoices(services);
  return { period, invoices: created.length, charged, failed };
}
