import { createHash } from 'node:crypto';
import { DomainError } from '@quiz-points/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, invoiceDocuments, invoices, users } from '../../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { InvoiceIssuer } from './create-monthly-invoices.ts';
import { INVOICE_PDF_LAYOUT, type InvoicePdfData, renderInvoicePdf } from './invoice-pdf.ts';

export interface GetInvoicePdfOptions {
  db: Database;
  advertiserId: string;
  invoiceId: string;
  /** Today's issuer, for invoices written before they kept their own (migration 0009). */
  issuer: InvoiceIssuer;
  /** Where a PDF that could not be stored is told (the download goes on without it). */
  log?: Pick<Logger, 'warn'>;
}

/** A digest of everything a PDF shows, and of the layout that drew it: equal digests, equal PDFs. */
const digestOf = (data: InvoicePdfData) =>
  createHash('sha256')
    .update(JSON.stringify([INVOICE_PDF_LAYOUT, data]))
    .digest('hex');

/**
 * One of the advertiser's own invoices as a qualified-invoice PDF. Another advertiser's invoice is
 * answered 404, exactly like one that does not exist. The parties are those kept on the invoice.
 * The PDF made at the first download is stored (invoice_documents) and sent as it is while what it
 * shows is unchanged; a changed invoice (charged since, a name) gets a new one, stored in its place.
 */
export async function getInvoicePdf({ db, advertiserId, invoiceId, issuer, log }: GetInvoicePdfOptions) {
  const [found] = await db
    .select({
      invoice: invoices,
      adTitle: ads.adTitle,
      displayName: users.displayName,
      companyName: users.companyName,
      companyAddress: users.companyAddress,
      storedFrom: invoiceDocuments.madeFrom,
      stored: invoiceDocuments.pdf,
    })
    .from(invoices)
    .innerJoin(ads, eq(ads.id, invoices.adId))
    .innerJoin(users, eq(users.id, invoices.advertiserId))
    .leftJoin(invoiceDocuments, eq(invoiceDocuments.invoiceId, invoices.id))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.advertiserId, advertiserId)));
  if (!found) throw new DomainError('NOT_FOUND');
  const { invoice } = found;
  const data: InvoicePdfData = {
    id: invoice.id,
    period: invoice.period,
    issuedAt: invoice.createdAt,
    issuerName: invoice.issuerName ?? issuer.name,
    issuerRegistrationNumber: invoice.issuerRegistrationNumber ?? issuer.registrationNumber,
    recipientName: invoice.recipientName ?? found.companyName ?? found.displayName ?? '',
    recipientAddress: invoice.recipientName === null ? found.companyAddress : invoice.recipientAddress,
    adTitle: found.adTitle,
    deliveries: invoice.deliveries,
    unitPrice: invoice.unitPrice,
    subtotal: invoice.subtotal,
    carriedIn: invoice.carriedIn,
    tax: invoice.tax,
    total: invoice.total,
    status: invoice.status,
  };
  const fileName = `invoice-${invoice.period}-${invoice.id.slice(0, 8)}.pdf`;
  const madeFrom = digestOf(data);
  if (found.stored !== null && found.storedFrom === madeFrom) {
    const { buffer, byteOffset, byteLength } = found.stored;
    return { pdf: Buffer.from(buffer, byteOffset, byteLength), fileName };
  }

  const pdf = await renderInvoicePdf(data);
  try {
    await db
      .insert(invoiceDocuments)
      .values({ invoiceId: invoice.id, madeFrom, pdf })
      .onConflictDoUpdate({
        target: invoiceDocuments.invoiceId,
        set: { madeFrom, pdf, createdAt: sql`now()` },
      });
  } catch (error) {
    // Sent all the same: the next download makes it again.
    log?.warn({ err: error, invoiceId: invoice.id }, 'an invoice PDF could not be stored');
  }
  return { pdf, fileName };
}
