import { DomainError, type RaiseLimitBody } from '@quiz-points/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { adUsage, lockAdSlots } from './list-advertiser-ads.ts';
import { type AdOwner, lockOwnedAd } from './owned-ad.ts';
import { toAdvertiserAd } from './to-advertiser-ad.ts';

/**
 * SPEC §4/§5 Raise limit: the new cap must exceed the current one (現在の上限より大きい数値を入力して
 * ください。), and an approved ad that had stopped becomes active again. Its slots are locked first,
 * so no click is taking from them while the new room is spread (a trigger on ads does that).
 */
export async function raiseAdLimit(options: {
  db: Database;
  owner: AdOwner;
  adId: string;
  input: RaiseLimitBody;
}) {
  const { db, owner, adId } = options;
  const { maxDeliveries } = options.input;
  return db.transaction(async (tx) => {
    await lockAdSlots(tx, adId);
    const current = await lockOwnedAd(tx, adId, owner);
    if (maxDeliveries <= current.maxDeliveries) throw new DomainError('LIMIT_NOT_HIGHER');
    const [ad] = await tx
      .update(ads)
      .set({ maxDeliveries, isActive: sql`${ads.status} = 'approved'`, updatedAt: new Date() })
      .where(eq(ads.id, adId))
      .returning();
    return { ad: toAdvertiserAd(ad!, await adUsage(tx, adId)) };
  });
}
