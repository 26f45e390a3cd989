import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentWebhookEvents } from '../../db/schema.ts';
import type { PaymentProvider, PaymentWebhookEvent } from '../../services/payments/payment-provider.ts';
import { DomainError } from '../domain-error.ts';
import { recordCardSetup } from './record-card-setup.ts';

export interface HandlePaymentWebhookOptions {
  db: Database;
  payments: PaymentProvider;
  event: PaymentWebhookEvent;
}

/**
 * A verified provider event, acted on once per event id. A finished setup checkout records the
 * card exactly as the browser's return does (both are idempotent, whichever comes first). The event
 * id is stored only after the action succeeded, so a failed one is handled again when the provider
 * redelivers it.
 */
export async function handlePaymentWebhook({ db, payments, event }: HandlePaymentWebhookOptions) {
  const [seen] = await db
    .select({ id: paymentWebhookEvents.id })
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.id, event.id));
  if (seen) return { handled: false };
  if (event.setupSessionId) {
    try {
      await recordCardSetup({ db, payments, sessionId: event.setupSessionId });
    } catch (error) {
      // A session of no advertiser of ours, or not finished, needs nothing: acknowledge it. Only a
      // provider failure is left unacknowledged, so the provider sends the event again.
      if (!(error instanceof DomainError) || error.code === 'CARD_SETUP_FAILED') throw error;
    }
  }
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing({ target: paymentWebhookEvents.id })
    .returning({ id: paymentWebhookEvents.id });
  return { handled: inserted.length > 0 };
}
