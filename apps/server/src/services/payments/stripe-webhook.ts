import Stripe from 'stripe';
import { InvalidWebhookError, type PaymentWebhookEvent } from './payment-provider.ts';

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
  const setupSessionId =
    event.type === 'checkout.session.completed' && event.data.object.mode === 'setup'
      ? event.data.object.id
      : null;
  return { id: event.id, type: event.type, setupSessionId };
}
