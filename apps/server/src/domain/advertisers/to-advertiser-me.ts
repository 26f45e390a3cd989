import type { AdvertiserMe } from '@quiz-points/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { advertiserBilling } from '../../db/schema.ts';
import type { UserRow } from '../user-row.ts';

/** What the advertiser area may know about the signed-in advertiser (or the admin, for house ads). */
export async function toAdvertiserMe(db: Executor, user: UserRow, isAdmin: boolean): Promise<AdvertiserMe> {
  const [billing] = await db
    .select({ brand: advertiserBilling.cardBrand, last4: advertiserBilling.cardLast4 })
    .from(advertiserBilling)
    .where(eq(advertiserBilling.userId, user.id));
  return {
    uid: user.id,
    email: user.email,
    displayName: user.displayName ?? user.name,
    cardRegistered: user.cardRegistered,
    card: user.cardRegistered && billing ? { brand: billing.brand, last4: billing.last4 } : null,
    isAdmin,
  };
}
