import { messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { advertiserBilling, users } from '../../db/schema.ts';
import type { PaymentProvider, SetupResult } from '../../services/payments/payment-provider.ts';
import { DomainError } from '../domain-error.ts';

export interface RecordCardSetupOptions {
  db: Database;
  payments: PaymentProvider;
  sessionId: string;
  /** The signed-in advertiser; unset for a provider webhook, which names the customer itself. */
  userId?: string;
}

/**
 * Records the card a finished setup session saved: payment method and card brand/last 4 in
 * advertiser_billing and users.card_registered, in one transaction. An unknown session or one of
 * another advertiser's customer is 404, an unfinished one 409, an unreachable provider 502;
 * recording the same session again changes nothing.
 * Returns the advertiser's id.
 */
export async function recordCardSetup({ db, payments, sessionId, userId }: RecordCardSetupOptions) {
  let found: SetupResult | null;
  try {
    found = await payments.retrieveSetup(sessionId);
  } catch {
    throw new DomainError('CARD_SETUP_FAILED');
  }
  if (!found) throw new DomainError('NOT_FOUND', messages.cardSetupFailed);
  const setup = found;
  if (!setup.complete || !setup.paymentMethodId) throw new DomainError('CONFLICT', messages.cardSetupFailed);
  const paymentMethodId = setup.paymentMethodId;

  return db.transaction(async (tx) => {
    const [billing] = await tx
      .select()
      .from(advertiserBilling)
      .where(eq(advertiserBilling.providerCustomerId, setup.customerId))
      .for('update');
    // Another advertiser's session is answered exactly like one that does not exist.
    if (!billing || (userId !== undefined && billing.userId !== userId)) {
      throw new DomainError('NOT_FOUND', messages.cardSetupFailed);
    }
    if (billing.paymentMethodId !== paymentMethodId) {
      await tx
        .update(advertiserBilling)
        .set({
          paymentMethodId,
          cardBrand: setup.cardBrand,
          cardLast4: setup.cardLast4,
          registeredAt: new Date(),
        })
        .where(eq(advertiserBilling.userId, billing.userId));
    }
    await tx
      .update(users)
      .set({ cardRegistered: true, updatedAt: new Date() })
      .where(eq(users.id, billing.userId));
    return billing.userId;
  });
}
