import Stripe from 'stripe';
import type { ChargeRequest, PaymentProvider } from './payment-provider.ts';
import { parseStripeSignedEvent } from './stripe-webhook.ts';

export interface StripePaymentOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends requests; unset means Stripe itself (tests point it at a local fake). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** The custom field printed on the provider's invoice (Stripe allows 40 characters). */
const REGISTRATION_NUMBER_FIELD = '登録番号';

/**
 * Our consumption-tax rate in Stripe, found by this tag (created once): 10 %, inclusive, so the
 * item's amount stays the total we bill and Stripe's invoice shows the tax per rate, which makes it
 * a qualified invoice too. Its tax, total ÷ 11 rounded, is always our round-half-up 10 % of the
 * amount before tax (docs/decisions/017-qualified-invoices.md).
 */
const TAX_RATE_TAG = 'jct-10-inclusive';

/**
 * The real adapter, on Stripe's official SDK: Checkout in setup mode saves the card, a monthly
 * charge is an invoice (item, finalize, pay) tagged with our invoice id, and the customer portal
 * shows the invoices. Every write carries an idempotency key.
 */
export function createStripePaymentProvider(options: StripePaymentOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options.api });

  let taxRate: Promise<string> | undefined;
  /** The tax rate's id: looked up (or created) once per process, again after a failure. */
  function consumptionTaxRate(): Promise<string> {
    taxRate ??= (async () => {
      for await (const rate of stripe.taxRates.list({ active: true, inclusive: true, limit: 100 })) {
        if (rate.metadata?.quiz_points === TAX_RATE_TAG) return rate.id;
      }
      const created = await stripe.taxRates.create(
        {
          display_name: '消費税',
          percentage: 10,
          inclusive: true,
          country: 'JP',
          tax_type: 'jct',
          metadata: { quiz_points: TAX_RATE_TAG },
        },
        { idempotencyKey: `tax-rate:${TAX_RATE_TAG}` },
      );
      return created.id;
    })().catch((error: unknown) => {
      taxRate = undefined;
      throw error;
    });
    return taxRate;
  }

  /** Stripe keeps idempotency keys for 24 hours; a later retry finds the invoice by its tag. */
  async function findInvoice(customerId: string, key: string) {
    for await (const invoice of stripe.invoices.list({ customer: customerId, limit: 100 })) {
      if (invoice.metadata?.quiz_points_invoice === key) return invoice;
    }
    return null;
  }

  async function charge(request: ChargeRequest) {
    const key = request.idempotencyKey;
    let invoice =
      (await findInvoice(request.customerId, key)) ??
      (await stripe.invoices.create(
        {
          customer: request.customerId,
          currency: 'jpy',
          collection_method: 'charge_automatically',
          default_payment_method: request.paymentMethodId,
          auto_advance: false,
          pending_invoice_items_behavior: 'exclude',
          description: request.description,
          custom_fields: [{ name: REGISTRATION_NUMBER_FIELD, value: request.registrationNumber }],
          metadata: { quiz_points_invoice: key },
        },
        { idempotencyKey: `${key}:invoice` },
      ));
    if (invoice.status === 'draft' && invoice.total === 0) {
      await stripe.invoiceItems.create(
        {
          customer: request.customerId,
          invoice: invoice.id,
          amount: request.amount,
          currency: 'jpy',
          description: request.description,
          tax_rates: [await consumptionTaxRate()],
        },
        { idempotencyKey: `${key}:item` },
      );
    }
    if (invoice.status === 'draft') {
      invoice = await stripe.invoices.finalizeInvoice(
        invoice.id,
        { auto_advance: false },
        { idempotencyKey: `${key}:finalize` },
      );
    }
    if (invoice.status === 'open') {
      invoice = await stripe.invoices.pay(
        invoice.id,
        { payment_method: request.paymentMethodId },
        // One key per attempt: a retry after a decline (say, with a new card) is a new payment of
        // the same invoice, which the provider pays at most once.
        { idempotencyKey: `${key}:pay:${request.attempt}` },
      );
    }
    if (invoice.status !== 'paid') throw new Error(`Stripe invoice ${invoice.id} is ${invoice.status}`);
    return invoice.id;
  }

  return {
    kind: 'stripe',
    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { user_id: userId } },
        { idempotencyKey: `customer:${userId}` },
      );
      return customer.id;
    },
    async createSetupSession({ customerId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        currency: 'jpy',
        customer: customerId,
        locale: 'ja',
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async retrieveSetup(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['setup_intent.payment_method'],
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
      const method = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
      const customerId =
        typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? '');
      return {
        customerId,
        complete: session.status === 'complete' && intent?.status === 'succeeded',
        paymentMethodId: method?.id ?? null,
        cardBrand: method?.card?.brand ?? null,
        cardLast4: method?.card?.last4 ?? null,
      };
    },
    charge,
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: 'ja',
      });
      return session.url;
    },
    parseWebhook(rawBody, signature) {
      return parseStripeSignedEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
