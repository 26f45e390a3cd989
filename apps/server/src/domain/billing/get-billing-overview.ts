import type { BillingOverview } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { getMonthSpend } from './get-month-spend.ts';
import { listInvoicesOfAdvertiser } from './list-invoices.ts';

/** The advertiser's billing page: this month's spend so far and the invoices issued. */
export async function getBillingOverview(
  db: Database,
  advertiserId: string,
  now = new Date(),
): Promise<BillingOverview> {
  const [spend, invoices] = await Promise.all([
    getMonthSpend(db, advertiserId, now),
    listInvoicesOfAdvertiser(db, advertiserId),
  ]);
  return {
    spend,
    invoices: invoices.map((invoice) => ({
      ...invoice,
      issuedAt: invoice.issuedAt.toISOString(),
      chargedAt: invoice.chargedAt?.toISOString() ?? null,
    })),
  };
}
