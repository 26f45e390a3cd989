import { DomainError, messages } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { advertiserBilling, users } from '../../db/schema.ts';
import type { PaymentProvider, SetupResult } from '../../services/payments/payment-provider.ts';

export interface RecordCardSetupOptions {
  db: Database;
  payments: PaymentProvider;
  sessionId: string;
  /** The signed-in advertiser: the session must be theirs. */
  userId: string;
}

/** A card the provider saved for one of its customers. */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * The card a finished setup session saved, read from the provider: an unknown session is 404, an
 * unfinished one 409, an unreachable provider 502.
 */
export async function readFinishedSetup(payments: PaymentProvider, sessionId: string): Promise<SavedCard> {
  let found: SetupResult | null;
  try {
    found = await payments.retrieveSetup(sessionId);
  } catch {
    throw new DomainError('CARD_SETUP_FAILED');
  }
  if (!found) throw new DomainError('NOT_FOUND', messages.cardSetupFailed);
  if (!found.complete || !found.paymentMethodId) throw new DomainError('CONFLICT', messages.cardSetupFailed);
  return {
    customerId: found.customerId,
    paymentMethodId: found.paymentMethodId,
    cardBrand: found.cardBrand,
    cardLast4: found.cardLast4,
  };
}

/**
 * Records a saved card as the advertiser's: payment method and card brand/last 4 in
 * advertiser_billing and users.card_registered, in the caller's transaction. Answers the advertiser's
 * id, or null when the customer is none of ours (or, with `userId`, another advertiser's). Recording
 * the same card again changes nothing.
 */
export async function saveCard(tx: Tx, card: SavedCard, userId?: string): Promise<string | null> {
  const [billing] = await tx
    .select()
    .from(advertiserBilling)
    .where(eq(advertiserBilling.providerCustomerId, card.customerId))
    .for('update');
  if (!billing || (userId !== undefined && billing.userId !== userId)) return null;
  if (billing.paymentMethodId !== card.paymentMethodId) {
    await tx
      .update(advertiserBilling)
      .set({
        paymentMethodId: card.paymentMethodId,
        cardBrand: card.cardBrand,
        cardLast4: card.cardLast4,
        registeredAt: new Date(),
      })
      .where(eq(advertiserBilling.userId, billing.userId));
  }
  await tx
    .update(users)
    .set({ cardRegistered: true, updatedAt: new Date() })
    .where(eq(users.id, billing.userId));
  return billing.userId;
}

/**
 * Records the card a finished setup session saved (readFinishedSetup, then saveCard in one
 * transaction). Another advertiser's session is answered exactly like one that does not exist (404).
 * Returns the advertiser's id.
 */
export async function recordCardSetup({ db, payments, sessionId, userId }: RecordCardSetupOptions) {
  const card = await readFinishedSetup(payments, sessionId);
  const advertiserId = await db.transaction((tx) => saveCard(tx, card, userId));
  if (!advertiserId) throw new DomainError('NOT_FOUND', messages.cardSetupFailed);
  return advertiserId;
}
