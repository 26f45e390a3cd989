import { clientConfig } from '../../../lib/client-config.ts';

/**
 * The qualified-invoice issuer as the server is configured (INVOICE_ISSUER_NAME and
 * INVOICE_REGISTRATION_NUMBER, embedded in the page): the legal pages show the same as the invoices.
 */
export const invoiceIssuer = () => ({
  name: clientConfig.invoiceIssuerName ?? '株式会社クイズポイント',
  registrationNumber: clientConfig.invoiceRegistrationNumber ?? '',
});
