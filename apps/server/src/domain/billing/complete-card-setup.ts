import type { AdvertiserMe } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { PaymentProvider } from '../../services/payments/payment-provider.ts';
import { toAdvertiserMe } from '../advertisers/to-advertiser-me.ts';
import type { UserRow } from '../user-row.ts';
import { recordCardSetup } from './record-card-setup.ts';

/**
 * The advertiser's return from the card checkout: records the card of their own finished session
 * (see recordCardSetup) and answers the advertiser as they are now, card included.
 */
export async function completeCardSetup(options: {
  db: Database;
  payments: PaymentProvider;
  user: UserRow;
  input: { sessionId: string };
}): Promise<{ advertiser: AdvertiserMe }> {
  const { db, payments, user } = options;
  await recordCardSetup({ db, payments, sessionId: options.input.sessionId, userId: user.id });
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return { advertiser: await toAdvertiserMe(db, fresh ?? user, false) };
}
