import { periodLabel } from '@quiz-points/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { ads, advertiserBilling, invoices } from '../../db/schema.ts';
import type { Mailer } from '../../services/mail/mailer.ts';
import type { PaymentProvider } from '../../services/payments/payment-provider.ts';
import type { Logger } from '../logger.ts';
import { chargeFailedMail } from '../mail/mail-templates.ts';
import { sendMail } from '../mail/send-mail.ts';
import { type ChargeFailureNotice, recordChargeFailure } from './record-charge-failure.ts';
import { recordChargeSuccess } from './record-charge-success.ts';

/** What charging an invoice needs: the provider, and the mail that tells of a failure. */
export interface BillingServices {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  log: Logger;
  /** The operator's qualified-invoice registration number, printed on the provider's invoice. */
  registrationNumber: string;
  /** Where the failure mail's link to the card page points. */
  publicUrl: string;
}

export type ChargeOutcome =
  | { status: 'charged'; failureReason: null }
  | { status: 'failed'; failureReason: string };

/**
 * Charges one invoice with its id as the idempotency key (so however often it is tried, the provider
 * charges it once), outside any transaction, then records the outcome in one: charged (lifting the
 * 'billing' hold when nothing else is failed) or failed (holding every ad of the advertiser, who is
 * mailed the first time this invoice fails). `attempt` is the invoice's charge_attempts after the
 * caller counted this one.
 */
export async function chargeInvoice(
  services: BillingServices,
  invoiceId: string,
  attempt: number,
): Promise<ChargeOutcome> {
  const { db, payments } = services;
  const [invoice] = await db
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
    .where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`invoice ${invoiceId} vanished`);
  let providerInvoiceId: string;
  try {
    if (!invoice.customerId || !invoice.paymentMethodId) throw new Error('no card on file');
    providerInvoiceId = await payments.charge({
      customerId: invoice.customerId,
      paymentMethodId: invoice.paymentMethodId,
      amount: invoice.total,
      description: `クイズポイント 広告配信料 ${periodLabel(invoice.period)}分「${invoice.adTitle}」${invoice.deliveries}件`,
      registrationNumber: services.registrationNumber,
      idempotencyKey: invoice.id,
      attempt,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const notice = await db.transaction((tx) => recordChargeFailure(tx, { invoiceId, reason }));
    if (notice) await mailChargeFailure(services, notice);
    return { status: 'failed', failureReason: reason };
  }
  await db.transaction((tx) => recordChargeSuccess(tx, { invoiceId, providerInvoiceId }));
  return { status: 'charged', failureReason: null };
}

/** The advertiser's mail about a failed charge (best effort, after the failure is committed). */
export async function mailChargeFailure(services: BillingServices, notice: ChargeFailureNotice) {
  await sendMail({
    mailer: services.mailer,
    log: services.log,
    to: notice.to,
    mail: chargeFailedMail({ ...notice, publicUrl: services.publicUrl }),
  });
}

/**
 * Takes a `failed` invoice for one retry: it becomes `charging` with one more attempt, so of many
 * retries at once only one charges it. Answers the attempt number, or null when it was not failed.
 */
export async function claimFailedInvoice(db: Executor, invoiceId: string): Promise<number | null> {
  const [claimed] = await db
    .update(invoices)
    .set({ status: 'charging', chargeAttempts: sql`${invoices.chargeAttempts} + 1` })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'failed')))
    .returning({ attempts: invoices.chargeAttempts });
  return claimed?.attempts ?? null;
}
