import { DomainError } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { advertiserBilling, invoices, paymentWebhookEvents } from '../../db/schema.ts';
import type { PaymentWebhookEvent, ProviderInvoice } from '../../services/payments/payment-provider.ts';
import { type BillingServices, mailChargeFailure } from './charge-invoice.ts';
import { readFinishedSetup, type SavedCard, saveCard } from './record-card-setup.ts';
import { type ChargeFailureNotice, recordChargeFailure } from './record-charge-failure.ts';
import { recordChargeSuccess } from './record-charge-success.ts';
import { retryFailedInvoices } from './retry-failed-invoices.ts';

export interface HandlePaymentWebhookOptions {
  services: BillingServices;
  event: PaymentWebhookEvent;
}

/** What an event's transaction did, for the steps that follow its commit. */
interface EventEffect {
  /** The advertiser whose card changed: their failed invoices are charged again. */
  cardChangedFor?: string | null;
  /** The mail about an invoice that failed for the first time. */
  notice?: ChargeFailureNotice | null;
}

/**
 * Whether the provider's invoice an event is about is our invoice's: its customer is the one we
 * keep for the invoice's advertiser, and it asks for the invoice's total. (An unknown invoice passes:
 * the event then changes nothing anyway.) An invoice's advertiser, total and the advertiser's
 * customer never change once written, so reading them before the event's transaction is exact.
 */
async function isOurInvoice(
  db: Database,
  { invoiceId, customerId, amount }: ProviderInvoice & { invoiceId: string },
) {
  const [invoice] = await db
    .select({ total: invoices.total, customerId: advertiserBilling.providerCustomerId })
    .from(invoices)
    .leftJoin(advertiserBilling, eq(advertiserBilling.userId, invoices.advertiserId))
    .where(eq(invoices.id, invoiceId));
  return (
    !invoice || (invoice.customerId !== null && invoice.customerId === customerId && invoice.total === amount)
  );
}

/**
 * A verified provider event, acted on once per event id: the event id is recorded in the same
 * transaction as its effect, so a redelivery (or many at once) changes nothing more, and a failed
 * effect leaves the event unrecorded for the provider to send again.
 * - a finished setup checkout, or a card attached to a customer: the card is the advertiser's (as the
 *   browser's return records it; whichever comes first), then their failed invoices are retried;
 * - a failed charge: the invoice is `failed` and the advertiser's ads held (mailed once per invoice);
 * - a paid invoice: `charged`, and the hold lifts when nothing else is failed.
 * An invoice event whose customer or amount is not our invoice's is logged and ignored, unrecorded.
 */
export async function handlePaymentWebhook({ services, event }: HandlePaymentWebhookOptions) {
  const { action } = event;
  if (
    (action.kind === 'chargeFailed' || action.kind === 'chargePaid') &&
    !(await isOurInvoice(services.db, action))
  ) {
    services.log.warn(
      {
        eventId: event.id,
        type: event.type,
        invoiceId: action.invoiceId,
        customerId: action.customerId,
        amount: action.amount,
      },
      "payment event ignored: its customer or amount is not the invoice's",
    );
    return { handled: false };
  }
  // Reading the provider happens before the transaction, never inside it.
  let card: SavedCard | null = null;
  if (action.kind === 'setupCompleted') {
    try {
      card = await readFinishedSetup(services.payments, action.sessionId);
    } catch (error) {
      // A session the provider does not know, or not finished, needs nothing: acknowledge it. Only
      // a provider failure is left unacknowledged, so the provider sends the event again.
      if (!(error instanceof DomainError) || error.code === 'CARD_SETUP_FAILED') throw error;
    }
  } else if (action.kind === 'cardAttached') {
    card = action;
  }

  const effect = await services.db.transaction(async (tx: Tx): Promise<EventEffect | null> => {
    const recorded = await tx
      .insert(paymentWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: paymentWebhookEvents.id })
      .returning({ id: paymentWebhookEvents.id });
    if (recorded.length === 0) return null;
    switch (action.kind) {
      case 'setupCompleted':
      case 'cardAttached':
        return { cardChangedFor: card ? await saveCard(tx, card) : null };
      case 'chargeFailed':
        return { notice: await recordChargeFailure(tx, action) };
      case 'chargePaid':
        await recordChargeSuccess(tx, action);
        return {};
      case 'none':
        return {};
    }
  });
  if (!effect) return { handled: false };
  if (effect.notice) await mailChargeFailure(services, effect.notice);
  if (effect.cardChangedFor) await retryFailedInvoices(services, effect.cardChangedFor);
  return { handled: true };
}
