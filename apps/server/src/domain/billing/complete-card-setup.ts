import type { AdvertiserMe } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { toAdvertiserMe } from '../advertisers/to-advertiser-me.ts';
import type { UserRow } from '../user-row.ts';
import type { BillingServices } from './charge-invoice.ts';
import { recordCardSetup } from './record-card-setup.ts';
import { retryFailedInvoices } from './retry-failed-invoices.ts';

/**
 * The advertiser's return from the card checkout: records the card of their own finished session
 * (see recordCardSetup), charges again any invoice of theirs that had failed (lifting the 'billing'
 * hold once all are paid), and answers the advertiser as they are now, card included.
 */
export async function completeCardSetup(options: {
  services: BillingServices;
  user: UserRow;
  input: { sessionId: string };
}): Promise<{ advertiser: AdvertiserMe }> {
  const { services, user } = options;
  const { db, payments } = services;
  await recordCardSetup({ db, payments, sessionId: options.input.sessionId, userId: user.id });
  await retryFailedInvoices(services, user.id);
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return { advertiser: await toAdvertiserMe(db, fresh ?? user, false) };
}
