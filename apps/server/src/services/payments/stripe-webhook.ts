import { isWellFormedText } from '@quiz-points/shared';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  InvalidWebhookError,
  type PaymentEventAction,
  type PaymentWebhookEvent,
} from './payment-provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Text the database can keep: a signed body's JSON may still spell a NUL or half of a surrogate pair
 * ("\u0000", "\ud800"), which the API's own check never sees here (this route's body stays raw).
 */
const storable = z.string().refine((text) => !text.includes('\u0000') && isWellFormedText(text));
/** One of the provider's ids (evt_…, in_…, cus_…, pm_…) or names (an event's type). */
const providerId = storable.min(1).max(255);
/** A customer as an object names it: its id, or the expanded customer. */
const customerOf = z
  .union([providerId, z.object({ id: providerId })])
  .nullish()
  .transform((customer) => (typeof customer === 'string' ? customer : (customer?.id ?? null)));

/** What every event has: an id, a type, and the object it is about. */
const eventShape = z.object({
  id: providerId,
  type: providerId,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The fields read from each object acted on; anything else in it is left alone. */
const checkoutSessionShape = z.object({ id: providerId, mode: z.string().nullish() });
const paymentMethodShape = z.object({
  id: providerId,
  type: z.string(),
  customer: customerOf,
  card: z
    .object({
      brand: storable.max(40).nullish(),
      last4: z
        .string()
        .regex(/^\d{4}$/)
        .nullish(),
    })
    .nullish(),
});
const invoiceShape = z.object({
  id: providerId,
  customer: customerOf,
  /** Yen, tax included (JPY has no minor unit): what the invoice asks the customer for. */
  total: z.number().int(),
  metadata: z.object({ quiz_points_invoice: z.string().optional() }).nullish(),
  last_finalization_error: z.object({ message: storable.nullish() }).nullish(),
});

/** Where a parse failed, for the log (never the values: they may be anyone's). */
const issuePaths = (error: z.ZodError) =>
  [...new Set(error.issues.map((issue) => issue.path.join('.') || '(event)'))].join(', ');

/** The object of an event read as `shape`; an object without the fields acted on is refused. */
function read<T extends z.ZodType>(shape: T, object: unknown, type: string): z.infer<T> {
  const parsed = shape.safeParse(object);
  if (!parsed.success) {
    throw new InvalidWebhookError(`malformed ${type} object (${issuePaths(parsed.error)})`);
  }
  return parsed.data;
}

/** Our invoice id, as the adapter tags the provider's invoice (metadata.quiz_points_invoice). */
function ourInvoiceId(invoice: z.infer<typeof invoiceShape>): string | null {
  const id = invoice.metadata?.quiz_points_invoice;
  return id && UUID.test(id) ? id : null;
}

/** What an event asks of the product; every other event type is acknowledged and left alone. */
function actionOf({ type, data }: z.infer<typeof eventShape>): PaymentEventAction {
  switch (type) {
    case 'checkout.session.completed': {
      const session = read(checkoutSessionShape, data.object, type);
      return session.mode === 'setup' ? { kind: 'setupCompleted', sessionId: session.id } : { kind: 'none' };
    }
    case 'payment_method.attached': {
      const method = read(paymentMethodShape, data.object, type);
      if (!method.customer || method.type !== 'card') return { kind: 'none' };
      return {
        kind: 'cardAttached',
        customerId: method.customer,
        paymentMethodId: method.id,
        cardBrand: method.card?.brand ?? null,
        cardLast4: method.card?.last4 ?? null,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = read(invoiceShape, data.object, type);
      const invoiceId = ourInvoiceId(invoice);
      if (!invoiceId) return { kind: 'none' };
      const reason =
        invoice.last_finalization_error?.message ?? `Stripe invoice ${invoice.id} payment failed`;
      return { kind: 'chargeFailed', invoiceId, reason, customerId: invoice.customer, amount: invoice.total };
    }
    case 'invoice.paid': {
      const invoice = read(invoiceShape, data.object, type);
      const invoiceId = ourInvoiceId(invoice);
      if (!invoiceId) return { kind: 'none' };
      return {
        kind: 'chargePaid',
        invoiceId,
        providerInvoiceId: invoice.id,
        customerId: invoice.customer,
        amount: invoice.total,
      };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * Verifies a `Stripe-Signature` header over the raw body (HMAC with the endpoint secret, with
 * Stripe's replay tolerance) and reduces the event to what the product acts on. The stand-in signs
 * its events the same way, so one code path is tested. A signed body that is not such an event (no
 * id, no object, a JSON array, text the database cannot keep in a field acted on) is refused like a
 * bad signature: nothing is recorded, and the provider sees a 400.
 */
export function parseStripeSignedEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): PaymentWebhookEvent {
  if (!signature) throw new InvalidWebhookError('missing Stripe-Signature header');
  let body: unknown;
  try {
    body = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidWebhookError(error instanceof Error ? error.message : 'invalid signature');
  }
  const event = eventShape.safeParse(body);
  if (!event.success) throw new InvalidWebhookError(`malformed event (${issuePaths(event.error)})`);
  return { id: event.data.id, type: event.data.type, action: actionOf(event.data) };
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
