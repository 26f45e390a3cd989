import { DomainError } from '@quiz-points/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, invoices, users } from '../../db/schema.ts';
import type { InvoiceIssuer } from './create-monthly-invoices.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

export interface GetInvoicePdfOptions {
  db: Database;
  advertiserId: string;
  invoiceId: string;
  /** Today's issuer, for invoices written before they kept their own (migration 0009). */
  issuer: InvoiceIssuer;
}

/**
 * One of the advertiser's own invoices as a qualified-invoice PDF. Another advertiser's invoice is
 * answered 404, exactly like one that does not exist. The parties are those kept on the invoice.
 */
export async function getInvoicePdf({ db, advertiserId, invoiceId, issuer }: GetInvoicePdfOptions) {
  const [found] = await db
    .select({
      invoice: invoices,
      adTitle: ads.adTitle,
      displayName: users.displayName,
      companyName: users.companyName,
      companyAddress: users.companyAddress,
    })
    .from(invoices)
    .innerJoin(ads, eq(ads.id, invoices.adId))
    .innerJoin(users, eq(users.id, invoices.advertiserId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.advertiserId, advertiserId)));
  if (!found) throw new DomainError('NOT_FOUND');
  const { invoice } = found;
  const pdf = await renderInvoicePdf({
    ...invoice,
    issuedAt: invoice.createdAt,
    adTitle: found.adTitle,
    issuerName: invoice.issuerName ?? issuer.name,
    issuerRegistrationNumber: invoice.issuerRegistrationNumber ?? issuer.registrationNumber,
    recipientName: invoice.recipientName ?? found.companyName ?? found.displayName ?? '',
    recipientAddress: invoice.recipientName === null ? found.companyAddress : invoice.recipientAddress,
  });
  return { pdf, fileName: `invoice-${invoice.period}-${invoice.id.slice(0, 8)}.pdf` };
}
