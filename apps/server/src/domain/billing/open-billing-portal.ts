import { DomainError } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { advertiserBilling, type users } from '../../db/schema.ts';
import type { PaymentProvider } from '../../services/payments/payment-provider.ts';

export interface OpenBillingPortalOptions {
  db: Database;
  payments: PaymentProvider;
  user: typeof users.$inferSelect;
  publicUrl: string;
}

/** "View invoices": the provider's customer portal, only for an advertiser with a card on file. */
export async function openBillingPortal({ db, payments, user, publicUrl }: OpenBillingPortalOptions) {
  const [billing] = await db.select().from(advertiserBilling).where(eq(advertiserBilling.userId, user.id));
  if (!user.cardRegistered || !billing?.paymentMethodId) throw new DomainError('BILLING_ACCESS_FAILED');
  try {
    const url = await payments.createPortalSession({
      customerId: billing.providerCustomerId,
      returnUrl: `${publicUrl}/advertiser`,
    });
    return { url };
  } catch {
    throw new DomainError('BILLING_ACCESS_FAILED');
  }
}
