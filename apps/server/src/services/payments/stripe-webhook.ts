import Stripe from 'stripe';
import {
  InvalidWebhookError,
  type PaymentEventAction,
  type PaymentWebhookEvent,
} from './payment-provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our invoice id, as the adapter tags the provider's invoice (metadata.quiz_points_invoice). */
function ourInvoiceId(invoice: Stripe.Invoice): string | null {
  const id = invoice.metadata?.quiz_points_invoice;
  return id && UUID.test(id) ? id : null;
}

/** What an event asks of the product; every other event type is acknowledged and left alone. */
function actionOf(event: Stripe.Event): PaymentEventAction {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'setup'
        ? { kind: 'setupCompleted', sessionId: event.data.object.id }
        : { kind: 'none' };
    case 'payment_method.attached': {
      const method = event.data.object;
      const customerId = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      if (!customerId || method.type !== 'card') return { kind: 'none' };
      return {
        kind: 'cardAttached',
        customerId,
        paymentMethodId: method.id,
        cardBrand: method.card?.brand ?? null,
        cardLast4: method.card?.last4 ?? null,
      };
    }
    case 'invoice.payment_failed': {
      const invoiceId = ourInvoiceId(event.data.object);
      if (!invoiceId) return { kind: 'none' };
      const reason =
        event.data.object.last_finalization_error?.message ??
        `Stripe invoice ${event.data.object.id} payment failed`;
      return { kind: 'chargeFailed', invoiceId, reason };
    }
    case 'invoice.paid': {
      const invoiceId = ourInvoiceId(event.data.object);
      const providerInvoiceId = event.data.object.id;
      return invoiceId && providerInvoiceId
        ? { kind: 'chargePaid', invoiceId, providerInvoiceId }
        : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * Verifies a `Stripe-Signature` header over the raw body (HMAC with the endpoint secret, with
 * Stripe's replay tolerance) and reduces the event to what the product acts on. The stand-in signs
 * its events the same way, so one code path is tested.
 */
export function parseStripeSignedEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): PaymentWebhookEvent {
  if (!signature) throw new InvalidWebhookError('missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidWebhookError(error instanceof Error ? error.message : 'invalid signature');
  }
  return { id: event.id, type: event.type, action: actionOf(event) };
}

/** A signed delivery of an event, as the provider sends it (the stand-in's events and the tests'). */
export function signStripeEvent(
  event: { id: string; type: string; data: { object: object } },
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    ...event,
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
