import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from '../../services/payments/payment-provider.ts';
import { chargePendingInvoices } from './charge-pending-invoices.ts';
import { createMonthlyInvoices } from './create-monthly-invoices.ts';

export interface RunMonthlyBillingOptions {
  db: Database;
  payments: PaymentProvider;
  registrationNumber: string;
  now?: Date;
}

/**
 * The monthly billing job (SPEC §9, SPEC-NOTES "Billing"): invoices for last month's deliveries
 * (Japan time), then the charges. Safe to run any number of times, on any number of instances.
 */
export async function runMonthlyBilling({
  db,
  payments,
  registrationNumber,
  now = new Date(),
}: RunMonthlyBillingOptions) {
  const { period, created } = await createMonthlyInvoices({ db, now });
  const { charged, failed } = await chargePendingInvoices({ db, payments, registrationNumber });
  return { period, invoices: created.length, charged, failed };
}
