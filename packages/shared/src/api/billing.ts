import { type AdvertiserMe, cardSetupCompleteBody } from '../advertisers.ts';
import { endpoint, responseOf } from './endpoint.ts';

// Card registration, "view invoices" and the provider's events (docs/decisions/008-advertisers.md).

/** Opens the provider's card-setup checkout (the stand-in's page without a provider). */
export const startCardSetup = endpoint('POST /api/advertiser/card/setup-session', 'advertiser', {
  response: responseOf<{ url: string }>(),
});

/** Records the card of a finished checkout; the session must be the advertiser's own. */
export const completeCardSetup = endpoint('POST /api/advertiser/card/complete', 'advertiser', {
  body: cardSetupCompleteBody,
  response: responseOf<{ advertiser: AdvertiserMe }>(),
});

/** The provider's customer portal, for an advertiser with a card on file. */
export const openBillingPortal = endpoint('POST /api/advertiser/billing/portal', 'advertiser', {
  response: responseOf<{ url: string }>(),
});

/**
 * The payment provider's events. No body schema: the signature covers the exact bytes sent, so the
 * server reads this body raw and the provider's SDK checks it. Only a signed event is acted on.
 */
export const receivePaymentWebhook = endpoint('POST /api/payments/webhook', 'anyone', {
  response: responseOf<{ received: true; handled: boolean }>(),
});
