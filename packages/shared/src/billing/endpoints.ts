import { cardSetupCompleteBody } from '../advertisers/advertisers.ts';
import { advertiserMeResponse, webhookReceipt } from '../advertisers/responses.ts';
import { endpoint } from '../core/endpoint.ts';
import { urlResponse } from '../core/responses.ts';
import { companyDetailsBody } from './invoices.ts';
import { advertiserCompanyResponse, billingOverview } from './responses.ts';

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

/** The invoices' addressee as the advertiser gave it. */
export const getCompanyDetails = endpoint(
  'GET /api/advertiser/company',
  'advertiser',
  advertiserCompanyResponse,
);

/** Sets the invoices' addressee; invoices already issued keep the one they were written with. */
export const updateCompanyDetails = endpoint(
  'PUT /api/advertiser/company',
  'advertiser',
  advertiserCompanyResponse,
  {
    body: companyDetailsBody,
    example: { body: { companyName: '株式会社テスト広告', companyAddress: '東京都渋谷区渋谷1-1-1' } },
  },
);

/** Month-to-date spend per ad and for the account, and the invoices issued so far. */
export const getBillingOverview = endpoint('GET /api/advertiser/billing', 'advertiser', billingOverview, {
  reads: 'replica',
});

/** One of the advertiser's own invoices as a qualified-invoice PDF (another's is a 404). */
export const downloadInvoicePdf = endpoint('GET /api/advertiser/invoices/:invoiceId/pdf', 'advertiser', null);
