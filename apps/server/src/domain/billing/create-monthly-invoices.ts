import { invoiceAmounts } from '@quiz-points/shared';
import { and, count, desc, eq, isNull, lt, max, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adDeliveries, ads, invoices, users } from '../../db/schema.ts';
import { previousJapanMonth } from './billing-period.ts';

/** Who issues the qualified invoices (configuration: INVOICE_ISSUER_NAME, INVOICE_REGISTRATION_NUMBER). */
export interface InvoiceIssuer {
  name: string;
  registrationNumber: string;
}

export interface CreateMonthlyInvoicesOptions {
  db: Database;
  now: Date;
  issuer: InvoiceIssuer;
}

/**
 * Step 1 of the monthly run: one invoice per ad for its deliveries before the end of the Japan-time
 * month before `now` that no invoice has claimed yet (so a month the job missed is billed by the
 * next run). Each ad is one transaction; the unique (ad, period) is the once-only guard, so a
 * second run, or a second instance at the same moment, creates nothing.
 */
export async function createMonthlyInvoices({ db, now, issuer }: CreateMonthlyInvoicesOptions) {
  const { period, end } = previousJapanMonth(now);
  const billable = await db
    .selectDistinct({ adId: adDeliveries.adId, advertiserId: users.id })
    .from(adDeliveries)
    .innerJoin(ads, eq(ads.id, adDeliveries.adId))
    .innerJoin(users, eq(users.id, ads.advertiserId))
    .where(
      and(
        isNull(adDeliveries.invoiceId),
        lt(adDeliveries.deliveredAt, end),
        // The admin's ads are house ads (decision 012): never billed. No address decides this.
        eq(ads.isHouseAd, false),
      ),
    );

  const created: (typeof invoices.$inferSelect)[] = [];
  for (const { adId, advertiserId } of billable) {
    const invoice = await invoiceAd(db, { adId, advertiserId, period, end, issuer });
    if (invoice) created.push(invoice);
  }
  return { period, created };
}

async function invoiceAd(
  db: Database,
  {
    adId,
    advertiserId,
    period,
    end,
    issuer,
  }: { adId: string; advertiserId: string; period: string; end: Date; issuer: InvoiceIssuer },
) {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(invoices)
      .values({
        adId,
        advertiserId,
        period,
        deliveries: 0,
        subtotal: 0,
        tax: 0,
        total: 0,
        status: 'charging',
      })
      .onConflictDoNothing({ target: [invoices.adId, invoices.period] })
      .returning({ id: invoices.id });
    if (!claim) return null;

    await tx
      .update(adDeliveries)
      .set({ invoiceId: claim.id })
      .where(
        and(eq(adDeliveries.adId, adId), isNull(adDeliveries.invoiceId), lt(adDeliveries.deliveredAt, end)),
      );
    const [claimed] = await tx
      .select({
        deliveries: count(),
        subtotal: sum(adDeliveries.unitPrice).mapWith(Number),
        unitPrice: max(adDeliveries.unitPrice),
      })
      .from(adDeliveries)
      .where(eq(adDeliveries.invoiceId, claim.id));
    // The ad's latest earlier bill, if it was carried over, is absorbed here (and only here: this
    // invoice is now the latest).
    const [previous] = await tx
      .select({ status: invoices.status, subtotal: invoices.subtotal, carriedIn: invoices.carriedIn })
      .from(invoices)
      .where(and(eq(invoices.adId, adId), lt(invoices.period, period)))
      .orderBy(desc(invoices.period))
      .limit(1);
    const carriedIn = previous?.status === 'carried_over' ? previous.subtotal + previous.carriedIn : 0;
    const subtotal = claimed?.subtotal ?? 0;
    const { tax, total, status } = invoiceAmounts(subtotal, carriedIn);
    // The qualified invoice's parties, kept as they are now: the invoice never changes afterwards.
    const [recipient] = await tx
      .select({
        companyName: users.companyName,
        companyAddress: users.companyAddress,
        name: users.displayName,
      })
      .from(users)
      .where(eq(users.id, advertiserId));
    const [invoice] = await tx
      .update(invoices)
      .set({
        deliveries: claimed?.deliveries ?? 0,
        // Prices are fixed when an ad is approved, so one ad's deliveries share one unit price.
        unitPrice: claimed?.unitPrice ?? 0,
        subtotal,
        carriedIn,
        tax,
        total,
        status,
        issuerName: issuer.name,
        issuerRegistrationNumber: issuer.registrationNumber,
        recipientName: recipient?.companyName ?? recipient?.name ?? '',
        recipientAddress: recipient?.companyAddress ?? null,
      })
      .where(eq(invoices.id, claim.id))
      .returning();
    return invoice ?? null;
  });
}
