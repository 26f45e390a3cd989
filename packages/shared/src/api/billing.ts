import { cardSetupCompleteBody } from '../advertisers.ts';
import { advertiserMeResponse, urlResponse, webhookReceipt } from '../responses/index.ts';
import { endpoint } from './endpoint.ts';

// Card registration, "view invoices" and the provider's events (docs/decisions/008-advertisers.md).

/** Opens the provider's card-setup checkout (the stand-in's page without a provider). */
export const startCardSetup = endpoint('POST /api/advertiser/card/setup-session', 'advertiser', urlResponse);

/** Records the card of a finished checkout; the session must be the advertiser's own. */
export const completeCardSetup = endpoint(
  'POST /api/advertiser/card/complete',
  'advertiser',
  advertiserMeResponse,
  {
    body: cardSetupCompleteBody,
  },
);

/** The provider's customer portal, for an advertiser with a card on file. */
export const openBillingPortal = endpoint('POST /api/advertiser/billing/portal', 'advertiser', urlResponse);

/**
 * The payment provider's events. No body schema: the signature covers the exact bytes sent, so the
 * server reads this body raw and the provider's SDK checks it. Only a signed event is acted on.
 */
export const receivePaymentWebhook = endpoint('POST /api/payments/webhook', 'anyone', webhookReceipt);
