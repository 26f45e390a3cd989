/** What a finished (or unfinished) card-setup session returned. */
export interface SetupResult {
  customerId: string;
  complete: boolean;
  paymentMethodId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * Whose the provider's invoice is and what it asks for, as the event says: acted on only when they
 * are our invoice's (its advertiser's customer, its total), since the tag naming our invoice is
 * only metadata.
 */
export interface ProviderInvoice {
  customerId: string | null;
  /** Yen, tax included. */
  amount: number;
}

/** What a verified provider event asks the product to do (docs/decisions/018-failed-payments.md). */
export type PaymentEventAction =
  /** A finished card-setup checkout (checkout.session.completed in setup mode). */
  | { kind: 'setupCompleted'; sessionId: string }
  /** A card saved for a customer outside our checkout, e.g. in the portal (payment_method.attached). */
  | {
      kind: 'cardAttached';
      customerId: string;
      paymentMethodId: string;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  /** A charge of one of our invoices failed (invoice.payment_failed). */
  | ({ kind: 'chargeFailed'; invoiceId: string; reason: string } & ProviderInvoice)
  /** One of our invoices was paid, e.g. by the advertiser on the provider's page (invoice.paid). */
  | ({ kind: 'chargePaid'; invoiceId: string; providerInvoiceId: string } & ProviderInvoice)
  | { kind: 'none' };

/** A verified provider event, reduced to what the product acts on. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  action: PaymentEventAction;
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  /** Yen, tax included (JPY has no minor unit). */
  amount: number;
  description: string;
  /** The operator's qualified-invoice registration number, printed on the provider's invoice. */
  registrationNumber: string;
  /** Our invoice id: a retry with the same key never charges twice. */
  idempotencyKey: string;
  /** Which attempt at this invoice (1, 2, …): a retry, e.g. with a new card, is a new payment attempt. */
  attempt: number;
}

/** The card-payment provider (Stripe, or the local stand-in), behind one small interface. */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** A hosted checkout in setup mode; `successUrl` may contain {CHECKOUT_SESSION_ID}. */
  createSetupSession(input: {
    customerId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** Null when the provider knows no such session. */
  retrieveSetup(sessionId: string): Promise<SetupResult | null>;
  /** Charges the saved card through a provider invoice; returns the provider's invoice id. */
  charge(request: ChargeRequest): Promise<string>;
  /** The provider's customer portal (or the stand-in's invoice page). */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** Verifies the signature over the raw body; throws `InvalidWebhookError` when it does not hold. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent;
}

export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}
