/** What a finished (or unfinished) card-setup session returned. */
export interface SetupResult {
  customerId: string;
  complete: boolean;
  paymentMethodId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** A verified provider event, reduced to what the product acts on. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** Set for a finished card-setup checkout (checkout.session.completed in setup mode). */
  setupSessionId: string | null;
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
