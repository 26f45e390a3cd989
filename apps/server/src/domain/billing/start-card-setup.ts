import { DomainError } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { advertiserBilling, type users } from '../../db/schema.ts';
import type { PaymentProvider } from '../../services/payments/payment-provider.ts';

export interface StartCardSetupOptions {
  db: Database;
  payments: PaymentProvider;
  user: typeof users.$inferSelect;
  publicUrl: string;
}

/**
 * Opens the provider's card-setup checkout for an advertiser. The provider customer is created
 * once and kept in advertiser_billing; two requests at once keep the first one stored.
 */
export async function startCardSetup({ db, payments, user, publicUrl }: StartCardSetupOptions) {
  try {
    const customerId = await customerOf(db, payments, user);
    const { url } = await payments.createSetupSession({
      customerId,
      successUrl: `${publicUrl}/advertiser/card-setup?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/advertiser/card-setup`,
    });
    return { url };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('CARD_SETUP_FAILED');
  }
}

async function customerOf(db: Database, payments: PaymentProvider, user: typeof users.$inferSelect) {
  const stored = async () =>
    (
      await db
        .select({ customerId: advertiserBilling.providerCustomerId })
        .from(advertiserBilling)
        .where(eq(advertiserBilling.userId, user.id))
    )[0]?.customerId;
  const existing = await stored();
  if (existing) return existing;
  const created = await payments.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.displayName ?? user.name,
  });
  await db
    .insert(advertiserBilling)
    .values({ userId: user.id, providerCustomerId: created })
    .onConflictDoNothing({ target: advertiserBilling.userId });
  const kept = await stored();
  if (!kept) throw new Error('advertiser_billing row missing after insert');
  return kept;
}
